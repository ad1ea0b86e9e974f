import {
  hashPasswordSync,
  sealPlainTotpSecrets,
  seedDemoLearning,
  seedDemoMailDomain,
  syncCourses,
  type TConfig,
} from '@portal/core';
import { migrateDatabase, seedDemoData, type TDatabase } from '@portal/db';
import type { TLogger } from '../logger.ts';
import { printDemoCredentials } from '../print-demo-credentials.ts';
import { refuseDemoAccountsInProduction } from './demo-accounts.ts';

/**
 * What runs once before the portal takes requests: migrations, sealing old TOTP secrets, the
 * course catalogue from content/, and the demo data on an empty database. Production refuses a
 * database that holds the demo accounts (StartRefusedError). With several processes
 * the primary does it before it forks (ADR 029); each step is also safe when two processes run it
 * at once (ADR 028).
 */
export async function prepareDatabase(db: TDatabase, config: TConfig, logger: TLogger): Promise<void> {
  await migrateDatabase(db);
  await refuseDemoAccountsInProduction(db, config);
  // A database from before ADR 026 (or a restored old backup) still holds plain TOTP secrets.
  const sealedSecrets = await sealPlainTotpSecrets(db, config.totpKey);
  if (sealedSecrets > 0) logger.info(`two-factor: sealed the TOTP secrets of ${sealedSecrets} accounts`);
  // Content is validated here: broken course files stop the start instead of reaching learners.
  const synced = await syncCourses(db);
  logger.info(`courses: ${synced.synced} synced from content/, ${synced.retired} retired`);
  if (config.seedDemo) {
    const credentials = await seedDemoData(db, hashPasswordSync, config.DEMO_PASSWORD);
    if (credentials.length > 0) {
      await seedDemoLearning(db);
      // The demo company's example.com is proven, so its simulations reach the demo people (issue 37).
      await seedDemoMailDomain(db);
      const startOver = config.DATABASE_URL ? 'start over on an empty database' : 'delete ./data to start over';
      printDemoCredentials(credentials, config.publicUrl, startOver);
    }
  }
}
