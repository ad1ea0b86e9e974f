import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { DATABASE, type TDatabase, type TDatabaseDriver, type TDb, type TTransaction } from './database.ts';
import * as schema from './schema/sqlite.ts';
import { cacheStatements } from './statement-cache.ts';
import { bindTables } from './tables.ts';
import { WriteQueue } from './write-queue.ts';

export const SQLITE_MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

type TSqliteOrm = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens a connection with the pragmas every connection needs: WAL for concurrent readers, foreign
 * keys on (SQLite's default is off), and a busy timeout so another process's write lock is waited
 * for instead of failing at once.
 */
function connect(file: string, options: { readOnly: boolean }): Database.Database {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  if (options.readOnly) sqlite.pragma('query_only = ON');
  cacheStatements(sqlite);
  return sqlite;
}

/**
 * The embedded database (ADR 028): one write connection behind an in-process queue, and one
 * connection for reads outside transactions.
 *
 * better-sqlite3 runs each statement synchronously, but a transaction's callback awaits between
 * statements, and other requests run in those gaps. If they used the same connection, their
 * statements would land inside the open transaction (and be rolled back with it). So a
 * transaction owns the write connection from `BEGIN IMMEDIATE` to `COMMIT`/`ROLLBACK`, the queue
 * makes the next one wait, and reads outside transactions use their own connection, which sees
 * committed data only (WAL) and refuses writes (`query_only`). `:memory:` has a single connection
 * (a second one would be another database), so there reads outside a transaction can see an open
 * transaction's writes; only tests use it.
 */
export function openSqlite(file: string): TDatabase {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  bindTables('sqlite');
  const writerConnection = connect(file, { readOnly: false });
  const readerConnection = file === ':memory:' ? writerConnection : connect(file, { readOnly: true });
  const writer = drizzle({ client: writerConnection, schema }) as TSqliteOrm;
  const reader = drizzle({ client: readerConnection, schema }) as TSqliteOrm;
  const queue = new WriteQueue();
  let savepoints = 0;

  const asSqlite = (handle: TDb) => handle as unknown as TSqliteOrm;
  const driver: TDatabaseDriver = {
    dialect: 'sqlite',
    sqliteConnection: readerConnection,
    transaction(work) {
      return queue.run(async () => {
        writerConnection.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(writer as unknown as TTransaction);
          writerConnection.exec('COMMIT');
          return result;
        } catch (error) {
          if (writerConnection.inTransaction) writerConnection.exec('ROLLBACK');
          throw error;
        }
      });
    },
    async rows<T>(handle: TDb, query: SQL) {
      return asSqlite(handle).all(query) as T[];
    },
    async execute(handle: TDb, query: SQL) {
      return asSqlite(handle).run(query).changes;
    },
    async migrate() {
      await queue.run(async () => migrateSqlite(writer, file));
    },
    async ping() {
      reader.$client.prepare('select 1').get();
    },
    async close() {
      await queue.run(async () => {
        if (readerConnection !== writerConnection && readerConnection.open) readerConnection.close();
        if (writerConnection.open) writerConnection.close();
      });
    },
  };
  /** A transaction inside a transaction: a savepoint on the write connection. */
  const nested = async <T>(work: (tx: TTransaction) => Promise<T>): Promise<T> => {
    const name = `portal_${++savepoints}`;
    writerConnection.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work(writer as unknown as TTransaction);
      writerConnection.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      writerConnection.exec(`ROLLBACK TO ${name}`);
      writerConnection.exec(`RELEASE ${name}`);
      throw error;
    }
  };
  Object.defineProperty(writer, DATABASE, { value: { ...driver, transaction: nested } });
  Object.defineProperty(reader, DATABASE, { value: driver });
  return reader as unknown as TDatabase;
}

/**
 * drizzle's SQLite migrator reads the applied migrations before its own `BEGIN`, so two processes
 * starting together would both apply the first new one. A lock on a file beside the database,
 * held by SQLite itself (and so released if the process dies), makes them take turns.
 */
function migrateSqlite(writer: TSqliteOrm, file: string): void {
  if (file === ':memory:') {
    migrate(writer, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
    return;
  }
  const lock = new Database(`${file}.migration-lock`);
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
    try {
      migrate(writer, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
