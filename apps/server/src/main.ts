import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import {
  createMailWorker,
  hashPasswordSync,
  loadConfig,
  runHousekeeping,
  sealPlainTotpSecrets,
  seedDemoLearning,
  syncCourses,
} from '@portal/core';
import { migrateDatabase, openDatabase, seedDemoData } from '@portal/db';
import { createApp } from './app.ts';
import { createLogger } from './logger.ts';
import { printDemoCredentials } from './print-demo-credentials.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const here = dirname(fileURLToPath(import.meta.url));
const webDist = resolve(config.WEB_DIST ?? resolve(here, '../../web/dist'));

const db = openDatabase(config.DATABASE_FILE);
migrateDatabase(db);
// A database from before ADR 026 (or a restored old backup) still holds plain TOTP secrets.
const sealedSecrets = sealPlainTotpSecrets(db, config.totpKey);
if (sealedSecrets > 0) logger.info(`two-factor: sealed the TOTP secrets of ${sealedSecrets} accounts`);
// Content is validated here: broken course files stop the start instead of reaching learners.
const synced = db.transaction((tx) => syncCourses(tx));
logger.info(`courses: ${synced.synced} synced from content/, ${synced.retired} retired`);
if (config.seedDemo) {
  const credentials = seedDemoData(db, hashPasswordSync, config.DEMO_PASSWORD);
  if (credentials.length > 0) {
    seedDemoLearning(db);
    printDemoCredentials(credentials, config.publicUrl);
  }
}

const worker = createMailWorker({
  db,
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  intervalMs: config.MAIL_WORKER_INTERVAL_MS,
  onError: (message) => logger.warn(message),
});
worker.start();

// Hourly clean-up of expired sessions, tokens and throttle rows (they are refused anyway).
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const housekeeping = setInterval(() => {
  const removed = runHousekeeping(db);
  logger.info(
    `housekeeping: removed ${removed.sessions} sessions, ${removed.tokens} tokens, ${removed.throttle} throttle rows, ${removed.mails} sent mails, ${removed.auditEntries} audit entries`,
  );
}, HOUSEKEEPING_INTERVAL_MS);
housekeeping.unref();

const app = createApp({ db, config, logger, webDist });
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info(`portal listening on ${config.publicUrl} (port ${info.port}, database ${config.DATABASE_FILE})`);
  if (!config.SMTP_URL && !config.production)
    logger.info(`no SMTP_URL: mails wait in the outbox, see ${config.publicUrl}/dev/mailbox`);
});

async function shutdown(signal: string) {
  logger.info(`${signal}: shutting down`);
  server.close();
  clearInterval(housekeeping);
  await worker.stop();
  db.$client.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
