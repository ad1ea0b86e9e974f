/**
 * `npm run db:restore -- <backup file>`: replaces DATABASE_FILE with a backup.
 * Stop the portal first: a running server keeps writing to the old database and would overwrite
 * the restored one (see docs/operations.md). SQLite only: with DATABASE_URL the portal runs on
 * PostgreSQL, which is restored with pg_restore or psql.
 */
import { loadConfig } from '@portal/core';
import { restoreDatabase } from '@portal/db';

const backupFile = process.argv[2];
if (!backupFile) {
  console.error('usage: npm run db:restore -- <backup file>   (stop the portal first)');
  process.exit(1);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'db:restore replaces the SQLite file (DATABASE_FILE) and does nothing on PostgreSQL. DATABASE_URL is set, so ' +
      'the portal runs on PostgreSQL: restore a pg_dump with pg_restore or psql (docs/operations.md), or unset ' +
      `DATABASE_URL to restore ${config.DATABASE_FILE}. Nothing was changed.`,
  );
  process.exit(1);
}
try {
  restoreDatabase(backupFile, config.DATABASE_FILE);
} catch (error) {
  console.error(`restore refused, ${config.DATABASE_FILE} left as it was: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`${backupFile} restored to ${config.DATABASE_FILE}; start the portal again`);
