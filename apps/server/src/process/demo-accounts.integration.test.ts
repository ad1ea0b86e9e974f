import { randomBytes } from 'node:crypto';
import { hashPasswordSync, loadConfig, type TConfig } from '@portal/core';
import { seedDemoData } from '@portal/db';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, seedEmployer, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { DEMO_ACCOUNT_EMAILS, demoAccountsIn, StartRefusedError } from './demo-accounts.ts';
import { prepareDatabase } from './prepare-database.ts';

/**
 * ADR 008: production does not start on a database that holds the demo seed's accounts (their
 * passwords are DEMO_PASSWORD or printed in a start log; one is an admin). Runs on SQLite and,
 * with TEST_DATABASE=postgres, on PostgreSQL.
 */

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const databases: TTestDb[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.cleanup();
});

async function freshDatabase(): Promise<TTestDb> {
  const database = await createTestDb();
  databases.push(database);
  return database;
}

const configFor = (database: TTestDb, NODE_ENV: 'production' | 'test'): TConfig =>
  loadConfig({
    NODE_ENV,
    PUBLIC_URL: 'https://portal.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(database.dialect === 'postgres' ? { DATABASE_URL: database.location } : { DATABASE_FILE: database.location }),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });

describe('demo accounts and production', () => {
  it('the list finds every account the demo seed creates', async () => {
    const { db } = await freshDatabase();
    const credentials = await seedDemoData(db, () => 'not-a-real-hash', 'irrelevant-password');
    const seeded = credentials.map((account) => account.email).sort();
    expect(seeded.length).toBeGreaterThan(0);
    expect(await demoAccountsIn(db)).toEqual(seeded);
    expect([...DEMO_ACCOUNT_EMAILS].sort()).toEqual(seeded);
  });

  it('production refuses to start on a database with demo accounts, with the reason in one line', async () => {
    const database = await freshDatabase();
    await seedDemoData(database.db, hashPasswordSync, 'Leuchtturm-Kompass-Nebel-42');
    const refused = await prepareDatabase(database.db, configFor(database, 'production'), silent).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StartRefusedError);
    expect((refused as Error).message).toMatch(
      /^The database holds demo accounts \(admin@example\.com, .*\), refused in production/,
    );
    expect((refused as Error).message).not.toContain('\n');
    // Outside production the same database starts as before.
    await expect(prepareDatabase(database.db, configFor(database, 'test'), silent)).resolves.toBeUndefined();
  });

  it('production starts on a database with real accounts only', async () => {
    const database = await freshDatabase();
    await seedEmployer(database.db, { email: 'chefin@firma.example' });
    await expect(prepareDatabase(database.db, configFor(database, 'production'), silent)).resolves.toBeUndefined();
  });
});
