import { driverOf, type TDatabase } from './database.ts';
import { dialectOfLocation } from './dialect.ts';
import { openPostgres, type TPostgresOptions } from './postgres-database.ts';
import { openSqlite } from './sqlite-database.ts';

/**
 * Opens the portal's database: PostgreSQL for a `postgres://` URL, otherwise the SQLite file at
 * that path (created if missing). Nothing is read until the first query; `migrateDatabase` next.
 */
export function openDatabase(location: string, options: TPostgresOptions = {}): TDatabase {
  return dialectOfLocation(location) === 'postgres' ? openPostgres(location, options) : openSqlite(location);
}

/** Applies the committed migrations of the database's dialect; safe when processes start together. */
export const migrateDatabase = (db: TDatabase): Promise<void> => driverOf(db).migrate();

/** Waits for the transaction in progress (SQLite) and closes every connection. */
export const closeDatabase = (db: TDatabase): Promise<void> => driverOf(db).close();

/** Resolves when the database answers a query (the readiness check). */
export const pingDatabase = (db: TDatabase): Promise<void> => driverOf(db).ping();
