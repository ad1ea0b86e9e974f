import type Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { TDialect } from './dialect.ts';
import type * as postgresSchema from './schema/postgres.ts';

/*
 * The types every service uses (ADR 028). They are drizzle's PostgreSQL types; on SQLite the same
 * calls run on drizzle's SQLite builders with the SQLite tables bound (tables.ts). Only the methods
 * both dialects have are picked, so a service cannot reach a dialect's own API by accident.
 */
type TPostgresOrm = NodePgDatabase<typeof postgresSchema>;
type TPostgresTransaction = Parameters<Parameters<TPostgresOrm['transaction']>[0]>[0];

/** Reading: the database outside a transaction, or a transaction. */
export type TDb = Pick<TPostgresTransaction, 'select' | 'selectDistinct' | '$count'>;

/** Inside `transaction()`: reads and writes, atomic together. */
export type TTransaction = TDb & Pick<TPostgresTransaction, 'insert' | 'update' | 'delete'>;

export interface TTransactionOptions {
  /**
   * PostgreSQL's isolation level for this transaction (default `read committed`), chosen per
   * transaction and listed in ADR 028. On SQLite every transaction is serialisable: one writer.
   */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

export const DATABASE = Symbol('portal database');

export interface TDatabaseDriver {
  dialect: TDialect;
  /** Runs `work` as one transaction, retried where the database asks for it (ADR 028). */
  transaction<T>(work: (tx: TTransaction) => Promise<T>, options: TTransactionOptions): Promise<T>;
  /** Raw SQL on a handle of this database: its rows, or the number of rows it changed. */
  rows<T>(handle: TDb, query: SQL): Promise<T[]>;
  execute(handle: TDb, query: SQL): Promise<number>;
  migrate(): Promise<void>;
  /** One round trip to the database, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** SQLite only: the read connection, for the online backup and for tests that inspect the file. */
  sqliteConnection?: Database.Database;
}

/** An open database: read from it directly, write through `transaction()`. */
export interface TDatabase extends TDb {
  readonly [DATABASE]: TDatabaseDriver;
}

export const driverOf = (db: TDatabase): TDatabaseDriver => db[DATABASE];
