/**
 * `npm run db:backup [-- <file>]`: an online backup of DATABASE_FILE while the portal keeps
 * running. Default destination: ./data/backups/portal-YYYYMMDD-HHMMSS.sqlite (UTC).
 * SQLite only: with DATABASE_URL the portal runs on PostgreSQL, which is backed up with pg_dump
 * (docs/operations.md).
 */
import { loadConfig } from '@portal/core';
import { backupDatabase, closeDatabase, openDatabase } from '@portal/db';

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'db:backup copies the SQLite file (DATABASE_FILE) and does nothing on PostgreSQL. DATABASE_URL is set, so ' +
      'the portal runs on PostgreSQL: back it up with pg_dump (docs/operations.md), or unset DATABASE_URL to ' +
      `back up ${config.DATABASE_FILE}.`,
  );
  process.exit(1);
}
const destination = process.argv[2] ?? `./data/backups/portal-${stamp(new Date())}.sqlite`;
const db = openDatabase(config.DATABASE_FILE);
try {
  await backupDatabase(db, destination);
  console.log(`backup of ${config.DATABASE_FILE} written to ${destination}`);
} finally {
  await closeDatabase(db);
}
