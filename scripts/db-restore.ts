/**
 * `npm run db:restore -- <backup file>`: replaces DATABASE_FILE with a backup.
 * Stop the portal first: a running server keeps writing to the old database and would overwrite
 * the restored one (see docs/operations.md).
 */
import { loadConfig } from '@portal/core';
import { restoreDatabase } from '@portal/db';

const backupFile = process.argv[2];
if (!backupFile) {
  console.error('usage: npm run db:restore -- <backup file>   (stop the portal first)');
  process.exit(1);
}
const config = loadConfig();
try {
  restoreDatabase(backupFile, config.DATABASE_FILE);
} catch (error) {
  console.error(`restore refused, ${config.DATABASE_FILE} left as it was: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`${backupFile} restored to ${config.DATABASE_FILE}; start the portal again`);
