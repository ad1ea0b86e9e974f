/**
 * `npm run db:backup [-- <file>]`: an online backup of DATABASE_FILE while the portal keeps
 * running. Default destination: ./data/backups/portal-YYYYMMDD-HHMMSS.sqlite (UTC).
 */
import { loadConfig } from '@portal/core';
import { backupDatabase, openDatabase } from '@portal/db';

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

const config = loadConfig();
const destination = process.argv[2] ?? `./data/backups/portal-${stamp(new Date())}.sqlite`;
const db = openDatabase(config.DATABASE_FILE);
try {
  await backupDatabase(db, destination);
  console.log(`backup of ${config.DATABASE_FILE} written to ${destination}`);
} finally {
  db.$client.close();
}
