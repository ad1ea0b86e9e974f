import type { TDatabase } from '@portal/db';

/**
 * Test-only: every row of every table, to prove that a refused request changed nothing (the fuzz
 * test's idea, with whole rows instead of counts), and a way to run a request without keeping
 * what it changed.
 */
export type TSnapshot = Map<string, Set<string>>;

export function snapshotTables(db: TDatabase): TSnapshot {
  const tables = (
    db.$client
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[]
  ).map((row) => row.name);
  const result: TSnapshot = new Map();
  for (const table of tables) {
    const rows = db.$client.prepare(`select * from "${table.replaceAll('"', '""')}"`).all();
    result.set(table, new Set(rows.map((row) => JSON.stringify(row))));
  }
  return result;
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

/**
 * Runs `work` inside a transaction that is rolled back afterwards, so nothing it changes stays.
 * The app's own transactions become savepoints inside it (better-sqlite3 nests them), and tests
 * send one request at a time, so nothing else writes in between.
 */
export async function rolledBack<T>(db: TDatabase, work: () => Promise<T>): Promise<T> {
  db.$client.exec('BEGIN');
  try {
    return await work();
  } finally {
    if (db.$client.inTransaction) db.$client.exec('ROLLBACK');
  }
}
