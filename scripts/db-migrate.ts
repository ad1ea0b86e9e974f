/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL
 * for PostgreSQL, else DATABASE_FILE) and exits. The server does the same at start; this is for a
 * deployment that migrates before it starts new processes. Safe while other processes run or
 * migrate at the same time (ADR 028).
 */
import { loadConfig } from '@portal/core';
import { closeDatabase, migrateDatabase, openDatabase } from '@portal/db';
import { databaseLabel } from '../apps/server/src/database-label.ts';

const config = loadConfig();
const db = openDatabase(config.databaseLocation, { poolSize: 1 });
try {
  await migrateDatabase(db);
  console.log(`migrations applied to ${databaseLabel(config.databaseLocation)}`);
} finally {
  await closeDatabase(db);
}
