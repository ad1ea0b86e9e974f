import type { SQL } from 'drizzle-orm';
import { DATABASE, type TDatabaseDriver, type TDb, type TTransaction, type TTransactionOptions } from './database.ts';

function driverOfHandle(handle: TDb): TDatabaseDriver {
  const driver = (handle as TDb & { [DATABASE]?: TDatabaseDriver })[DATABASE];
  if (!driver) throw new Error('not a portal database or transaction handle (open it with openDatabase)');
  return driver;
}

/**
 * Runs `work` as one transaction: everything it writes is committed together, or nothing is when
 * it throws. Called with a transaction, it runs as a savepoint inside it. On SQLite transactions
 * take turns on the one write connection; on PostgreSQL they run side by side at the isolation in
 * `options` and are retried on serialization failures and deadlocks, so `work` must not have
 * effects outside the database (mails go through the outbox table). ADR 028.
 */
export function transaction<T>(
  db: TDb,
  work: (tx: TTransaction) => Promise<T>,
  options: TTransactionOptions = {},
): Promise<T> {
  return driverOfHandle(db).transaction(work, options);
}

/** Rows of a raw SQL query, on the database or inside a transaction. */
export function rawRows<T>(db: TDb, query: SQL): Promise<T[]> {
  return driverOfHandle(db).rows<T>(db, query);
}

/** A raw SQL statement that writes (inside a transaction); resolves with the rows it changed. */
export function rawExecute(tx: TTransaction, query: SQL): Promise<number> {
  return driverOfHandle(tx).execute(tx, query);
}

/** Which database a handle belongs to, for the few statements the dialects spell differently. */
export const dialectOf = (db: TDb) => driverOfHandle(db).dialect;

/**
 * A select that locks its rows until the transaction ends: `for update` on PostgreSQL, so a
 * second writer waits and then reads what the first one wrote; on SQLite the transaction already
 * holds the database's only write lock, and the query runs as it is.
 */
export function selectForUpdate<
  TQuery extends PromiseLike<unknown> & { for: (strength: 'update') => PromiseLike<unknown> },
>(tx: TTransaction, query: TQuery): Promise<Awaited<TQuery>> {
  return Promise.resolve((dialectOf(tx) === 'postgres' ? query.for('update') : query) as PromiseLike<Awaited<TQuery>>);
}
