import {
  dialectOf,
  rawExecute,
  rawRows,
  sql,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
} from '@portal/db';

/**
 * Test-only: every row of every table, to prove that a refused request changed nothing (the fuzz
 * test's idea, with whole rows instead of counts), and a way to run a request without keeping
 * what it changed. Works on both databases (ADR 028).
 */
export type TSnapshot = Map<string, Set<string>>;

/** Every row of every table of the database (or as a transaction sees them), one JSON text a row. */
export async function snapshotTables(db: TDb): Promise<TSnapshot> {
  const result: TSnapshot = new Map();
  if (dialectOf(db) === 'postgres') {
    const tables = await rawRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    for (const { name } of tables) result.set(name, new Set());
    if (tables.length === 0) return result;
    // One round trip for all tables: the matrix tests take two snapshots per request.
    const rows = await rawRows<{ name: string; row: string }>(
      db,
      sql.join(
        tables.map(
          ({ name }) => sql`select ${name}::text as name, row_to_json(r)::text as row from ${sql.identifier(name)} r`,
        ),
        sql` union all `,
      ),
    );
    for (const { name, row } of rows) result.get(name)?.add(row);
    return result;
  }
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  for (const { name } of tables) {
    const rows = await rawRows<Record<string, unknown>>(db, sql`select * from ${sql.identifier(name)}`);
    result.set(name, new Set(rows.map((row) => JSON.stringify(row))));
  }
  return result;
}

/**
 * A number that grows with every row the connection (SQLite) or the current transaction
 * (PostgreSQL) inserts, updates or deletes, rolled-back savepoints included. Equal marks before and
 * after a request prove that it wrote no row, so the second whole-database snapshot can be left
 * out; a changed mark says only that the snapshots must be compared (an update may rewrite a row
 * as it was). Inside `rolledBack` the request's writes and the marks share one connection.
 */
export async function writeMark(db: TDb): Promise<number> {
  const [row] =
    dialectOf(db) === 'postgres'
      ? await rawRows<{ mark: string | number | null }>(
          db,
          sql`select sum(n_tup_ins + n_tup_upd + n_tup_del) as mark from pg_stat_xact_user_tables`,
        )
      : await rawRows<{ mark: number }>(db, sql`select total_changes() as mark`);
  return Number(row?.mark ?? 0);
}

/**
 * What `work` changed, for a request inside `rolledBack` (`db` is its transaction): `work` runs in
 * a savepoint between two write marks. Equal marks: nothing changed, and nothing is read. Otherwise
 * the rows after `work`, then, rolled back to the savepoint, the rows before it, compared. The
 * tenant matrix's 6,894 requests took two whole-database snapshots each, two thirds of the file's
 * time; most write nothing (ADR 040). The savepoint is rolled back in either case, so `work`'s
 * changes are gone afterwards.
 */
export async function changesOf<T>(db: TDatabase, work: () => Promise<T>): Promise<{ value: T; changes: string[] }> {
  const tx = db as unknown as TTransaction;
  await rawExecute(tx, sql`savepoint request_changes`);
  const mark = await writeMark(db);
  const value = await work();
  if ((await writeMark(db)) === mark) {
    await rawExecute(tx, sql`rollback to savepoint request_changes`);
    return { value, changes: [] };
  }
  const after = await snapshotTables(db);
  await rawExecute(tx, sql`rollback to savepoint request_changes`);
  return { value, changes: changedRows(await snapshotTables(db), after) };
}

/** Rows added or removed (an update is both), as `+ table: row` and `- table: row`. */
export function changedRows(before: TSnapshot, after: TSnapshot): string[] {
  const result: string[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Set<string>();
    for (const row of rows) if (!old.has(row)) result.push(`+ ${table}: ${row}`);
    for (const row of old) if (!rows.has(row)) result.push(`- ${table}: ${row}`);
  }
  return result;
}

class RollBack extends Error {}

/**
 * Runs `work` inside a transaction that is rolled back afterwards, so nothing it changes stays.
 * `work` gets the transaction as its database: everything it does must go through that handle
 * (the seed helpers, the snapshots, an app on `rollbackable(...).db`), and the app's own
 * transactions become savepoints inside it. A write through the outer database instead would wait
 * for this transaction (SQLite) or not be rolled back (PostgreSQL). One request at a time.
 */
export async function rolledBack<T>(db: TDatabase, work: (db: TDatabase) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    // Read committed: a test's transaction, always rolled back; the test file writes nothing else meanwhile.
    await transaction(db, async (tx) => {
      // A transaction handle carries the database's driver, so it serves as one (savepoints within).
      result = { value: await work(tx as unknown as TDatabase) };
      throw new RollBack('rolled back on purpose');
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (!result) throw new Error('rolledBack: the work did not finish');
  return result.value;
}

/**
 * A database for an app that is built once (building one generates the OpenAPI document, too slow
 * per request): `db` forwards to the real database, and while `rolledBack` runs, to its
 * transaction, so the app's requests inside it are rolled back with it.
 */
export function rollbackable(database: TDatabase): {
  db: TDatabase;
  rolledBack<T>(work: (db: TDatabase) => Promise<T>): Promise<T>;
} {
  let current: TDatabase = database;
  // An empty target: the handles' own properties (their driver) are not configurable, and a proxy
  // may not answer another value for such a property of its target.
  const db = new Proxy({} as TDatabase, {
    get(_target, key) {
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  return {
    db,
    rolledBack: (work) =>
      rolledBack(database, async (tx) => {
        current = tx;
        try {
          return await work(tx);
        } finally {
          current = database;
        }
      }),
  };
}
