import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema/sqlite.ts';
import { cacheStatements } from './statement-cache.ts';

export type TDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction handle; services accept either, so they compose inside a caller's transaction. */
export type TTransaction = Parameters<Parameters<TDatabase['transaction']>[0]>[0];
export type TDb = TDatabase | TTransaction;

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Opens (and creates) the SQLite file with the pragmas every connection needs:
 * WAL for concurrent readers, foreign keys on (SQLite's default is off), and a busy timeout so a
 * second process waits for a lock instead of failing at once.
 */
export function openDatabase(file: string): TDatabase {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  return drizzle({ client: sqlite, schema }) as TDatabase;
}

export function migrateDatabase(db: TDatabase): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
