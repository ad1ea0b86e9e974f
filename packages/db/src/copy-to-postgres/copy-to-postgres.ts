import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { verifyDatabaseFile } from '../backup.ts';
import { migratePostgres, openPostgresOrm, type TPostgresOrm } from '../postgres-database.ts';
import { SQLITE_MIGRATIONS_FOLDER } from '../sqlite-database.ts';
import { copyPlan, type TCopyStep } from './copy-plan.ts';
import { TableChecksum } from './table-checksum.ts';

/** What the copy reports while it runs, for the command's progress lines. */
export type TCopyEvent =
  | { phase: 'checked'; tables: number }
  | { phase: 'copying'; table: string; done: number; total: number }
  | { phase: 'verified'; table: string; rows: number; checksum: string };

export interface TCopyOptions {
  onProgress?: (event: TCopyEvent) => void;
  /** Rows per INSERT at most (PostgreSQL takes 65,535 parameters per statement). */
  batchRows?: number;
}

export interface TCopiedTable {
  name: string;
  rows: number;
  /** The same on both databases: see TableChecksum. */
  checksum: string;
}

/** Refused before anything was written: the target is not empty, or the source not current. */
export class CopyRefusedError extends Error {}

/**
 * The rows the PostgreSQL migrations themselves create: a target holding only these is empty.
 * (stats_people starts with its one row of zeros, ADR 021.)
 */
const CREATED_BY_MIGRATIONS: Readonly<Record<string, SQL>> = {
  stats_people: sql`employees = 0 and activated = 0`,
};

const PARAMETERS_PER_STATEMENT = 60_000;

/**
 * `npm run db:copy-to-postgres` (issue 16): moves an embedded SQLite database into an empty
 * PostgreSQL database, everything in one PostgreSQL transaction, so a failure leaves the target
 * as empty as it was. The source is only read, inside one read transaction (a consistent
 * snapshot even if a portal still ran on it). Every table is copied as it is, the summary tables
 * and counters of ADR 021 and ADR 023 included, with the triggers that keep them paused so they
 * do not count the copied rows a second time. Before the commit every table is read back and
 * its row count and checksum compared with the source's; any difference rolls everything back.
 */
export async function copySqliteToPostgres(
  sourceFile: string,
  targetUrl: string,
  options: TCopyOptions = {},
): Promise<TCopiedTable[]> {
  const report = options.onProgress ?? (() => {});
  verifyDatabaseFile(sourceFile);
  const sqlite = new Database(sourceFile, { readonly: true, fileMustExist: true });
  const target = openPostgresOrm(targetUrl, { poolSize: 1 });
  try {
    const source = drizzleSqlite({ client: sqlite });
    refuseOutdatedSource(sqlite);
    await migratePostgres(target);
    const plan = copyPlan();
    sqlite.exec('BEGIN');
    try {
      const copied = await target.transaction(async (tx) => {
        const names = plan.map((step) => sql.identifier(step.name));
        await tx.execute(sql`lock table ${sql.join(names, sql`, `)} in exclusive mode`);
        await refuseNonEmptyTarget(tx, plan);
        report({ phase: 'checked', tables: plan.length });
        for (const step of plan) {
          await tx.execute(sql`alter table ${sql.identifier(step.name)} disable trigger user`);
          const created = CREATED_BY_MIGRATIONS[step.name];
          if (created) await tx.execute(sql`delete from ${sql.identifier(step.name)} where ${created}`);
        }
        const sourceSums = new Map<string, TableChecksum>();
        for (const step of plan)
          sourceSums.set(step.name, await copyTable(source, tx, step, options.batchRows ?? 2_000, report));
        for (const step of plan) await fillDeferred(source, tx, step);
        for (const step of plan) await restartIdentities(tx, step);
        const results: TCopiedTable[] = [];
        for (const step of plan) {
          const expected = sourceSums.get(step.name) as TableChecksum;
          const actual = await checksumTarget(tx, step);
          if (actual.rows !== expected.rows || actual.digest !== expected.digest)
            throw new Error(
              `${step.name} differs after the copy: ${expected.rows} rows (${expected.digest.slice(0, 12)}…) in SQLite, ${actual.rows} (${actual.digest.slice(0, 12)}…) in PostgreSQL; nothing was kept`,
            );
          report({ phase: 'verified', table: step.name, rows: actual.rows, checksum: actual.digest });
          results.push({ name: step.name, rows: actual.rows, checksum: actual.digest });
        }
        for (const step of plan) await tx.execute(sql`alter table ${sql.identifier(step.name)} enable trigger user`);
        return results;
      });
      // Fresh planner statistics, as after a restore (docs/operations.md).
      await target.execute(sql`analyze`);
      return copied;
    } finally {
      sqlite.exec('ROLLBACK');
    }
  } finally {
    sqlite.close();
    await target.$client.end();
  }
}

/** The source must be at the current schema: run `npm run db:migrate` on it first (it is only read here). */
function refuseOutdatedSource(sqlite: Database.Database): void {
  const journal = JSON.parse(readFileSync(join(SQLITE_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const hasTable = sqlite
    .prepare(`select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'`)
    .get();
  if (!hasTable) throw new CopyRefusedError(`${sqlite.name} is no portal database (it has no migrations table)`);
  const { applied } = sqlite.prepare('select count(*) as applied from __drizzle_migrations').get() as {
    applied: number;
  };
  if (applied !== journal.entries.length)
    throw new CopyRefusedError(
      `${sqlite.name} has ${applied} of ${journal.entries.length} migrations: run \`DATABASE_FILE=${sqlite.name} npm run db:migrate\` first`,
    );
}

type TPgTransaction = Parameters<Parameters<TPostgresOrm['transaction']>[0]>[0];

async function refuseNonEmptyTarget(tx: TPgTransaction, plan: TCopyStep[]): Promise<void> {
  const filled: string[] = [];
  for (const step of plan) {
    const created = CREATED_BY_MIGRATIONS[step.name];
    const rows = await tx.execute(
      sql`select exists (select 1 from ${sql.identifier(step.name)} ${created ? sql`where not (${created})` : sql``}) as filled`,
    );
    if ((rows.rows[0] as { filled: boolean }).filled) filled.push(step.name);
  }
  if (filled.length > 0)
    throw new CopyRefusedError(
      `the target database is not empty (${filled.join(', ')} hold rows): the copy only writes into an empty database`,
    );
}

type TSqliteOrm = ReturnType<typeof drizzleSqlite>;
type TRow = Record<string, unknown>;

/**
 * Reads the SQLite table in primary-key order, a page at a time (some summary tables have no
 * rowid), and inserts each page in one statement.
 */
async function copyTable(
  source: TSqliteOrm,
  tx: TPgTransaction,
  step: TCopyStep,
  batchRows: number,
  report: (event: TCopyEvent) => void,
): Promise<TableChecksum> {
  const columns = getTableColumns(step.source);
  const keys = primaryKeyOf(step.source);
  const pageSize = Math.max(1, Math.min(batchRows, Math.floor(PARAMETERS_PER_STATEMENT / Object.keys(columns).length)));
  const { total } = source.select({ total: sql<number>`count(*)` }).from(step.source).get() as { total: number };
  const checksum = new TableChecksum();
  report({ phase: 'copying', table: step.name, done: 0, total });
  for (let last: TRow | undefined; ; ) {
    const after = last
      ? sql`(${sql.join(
          keys.map(([, column]) => column),
          sql`, `,
        )}) > (${sql.join(
          keys.map(([key]) => sql`${last?.[key]}`),
          sql`, `,
        )})`
      : undefined;
    const page = source
      .select(columns)
      .from(step.source)
      .where(after)
      .orderBy(...keys.map(([, column]) => column))
      .limit(pageSize)
      .all() as TRow[];
    if (page.length === 0) break;
    last = page.at(-1);
    const rows = page.map((row) => {
      checksum.add(row);
      return step.deferred.length ? { ...row, ...Object.fromEntries(step.deferred.map((key) => [key, null])) } : row;
    });
    try {
      await tx.insert(step.target).values(rows);
    } catch (error) {
      throw new Error(`${step.name}: PostgreSQL refused rows ${checksum.rows - rows.length + 1}–${checksum.rows}`, {
        cause: error,
      });
    }
    report({ phase: 'copying', table: step.name, done: checksum.rows, total });
  }
  return checksum;
}

/** The primary key's columns by their keys in the row, in key order. */
function primaryKeyOf(table: SQLiteTable): [string, SQLiteColumn][] {
  const columns = Object.entries(getTableColumns(table));
  const composite = getSqliteTableConfig(table).primaryKeys[0]?.columns;
  const keys = composite
    ? composite.map((column) => columns.find(([, candidate]) => candidate.name === column.name))
    : columns.filter(([, column]) => column.primary);
  if (keys.length === 0 || keys.some((key) => !key))
    throw new Error(`${getTableName(table)} has no primary key to page by`);
  return keys as [string, SQLiteColumn][];
}

/** Writes the columns that closed a cycle of foreign keys, now that every row they name is in. */
async function fillDeferred(source: TSqliteOrm, tx: TPgTransaction, step: TCopyStep): Promise<void> {
  if (step.deferred.length === 0) return;
  const targetColumns = getTableColumns(step.target) as Record<string, PgColumn>;
  const sourceColumns = getTableColumns(step.source);
  const keys = Object.entries(targetColumns).filter(([, column]) => column.primary);
  const [primary] = keys;
  if (keys.length !== 1 || !primary) throw new Error(`${step.name}: deferred columns need a one-column primary key`);
  const [primaryKey, primaryColumn] = primary;
  for (const key of step.deferred) {
    const column = targetColumns[key] as PgColumn;
    const sourceColumn = sourceColumns[key];
    const sourcePrimary = sourceColumns[primaryKey];
    if (!sourceColumn || !sourcePrimary) throw new Error(`${step.name}.${key} is missing in the SQLite schema`);
    const pairs = source
      .select({ id: sourcePrimary, value: sourceColumn })
      .from(step.source)
      .where(sql`${sourceColumn} is not null`)
      .all();
    for (let start = 0; start < pairs.length; start += 10_000) {
      const slice = pairs.slice(start, start + 10_000);
      await tx.execute(sql`
        update ${sql.identifier(step.name)} set ${sql.identifier(column.name)} = v.value
          from unnest(${sql.param(slice.map((pair) => pair.id))}::${sql.raw(primaryColumn.getSQLType())}[],
                      ${sql.param(slice.map((pair) => pair.value))}::${sql.raw(column.getSQLType())}[]) as v(id, value)
         where ${sql.identifier(step.name)}.${sql.identifier(primaryColumn.name)} = v.id`);
    }
  }
}

/** Identity columns continue after the highest copied value, so the next insert gets a new id. */
async function restartIdentities(tx: TPgTransaction, step: TCopyStep): Promise<void> {
  for (const column of Object.values(getTableColumns(step.target) as Record<string, PgColumn>)) {
    if (!column.generatedIdentity) continue;
    await tx.execute(sql`
      select setval(pg_get_serial_sequence(${step.name}, ${column.name}),
                    coalesce((select max(${sql.identifier(column.name)}) from ${sql.identifier(step.name)}), 0) + 1, false)`);
  }
}

/**
 * Reads the copied table back inside the copy's transaction, in pages by physical position (the
 * tid arrives as its text; `ctid::text` in the select list would make `order by ctid` sort text).
 */
async function checksumTarget(tx: TPgTransaction, step: TCopyStep): Promise<TableChecksum> {
  const columns = getTableColumns(step.target);
  const checksum = new TableChecksum();
  for (let last = '(0,0)'; ; ) {
    const page = (await tx
      .select({ ctid__: sql<string>`ctid`, ...columns })
      .from(step.target)
      .where(sql`ctid > ${last}::tid`)
      .orderBy(sql`ctid`)
      .limit(5_000)) as (TRow & { ctid__: string })[];
    if (page.length === 0) break;
    last = (page.at(-1) as { ctid__: string }).ctid__;
    for (const { ctid__, ...row } of page) checksum.add(row);
  }
  return checksum;
}
