import { type Column, getTableName, is, SQL } from 'drizzle-orm';
import { PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as postgres from './postgres.ts';
import * as sqlite from './sqlite.ts';

/*
 * The two schema files describe the same database (ADR 028): the same tables, columns, types,
 * defaults, indexes and constraints, and rows of the same TypeScript types, so that services
 * written once against them run on both. Each side is reduced to a dialect-free description; the
 * descriptions must be equal.
 */

type TDialectConfig = ReturnType<typeof pgConfig> | ReturnType<typeof sqliteConfig>;

/** What a column holds, in words both dialects share. */
function typeOf(column: Column): string {
  switch (column.columnType) {
    case 'SQLiteText':
    case 'PgText':
      return column.enumValues?.length ? `text enum(${column.enumValues.join(',')})` : 'text';
    case 'SQLiteInteger':
    case 'PgInteger':
    case 'PgBigInt53':
      return 'integer';
    case 'SQLiteBoolean':
    case 'PgBoolean':
      return 'boolean';
    case 'SQLiteTimestamp':
      return 'epoch milliseconds';
    case 'PgCustomColumn':
      if (column.getSQLType() === 'bigint') return 'epoch milliseconds';
      break;
  }
  throw new Error(`${column.name}: no shared meaning for ${column.columnType} (${column.getSQLType()})`);
}

/** The SQL of a default or a condition, with each dialect's spelling of the same thing unified. */
const SAME_SQL: [RegExp, string][] = [
  [/^\(cast\(unixepoch\('subsec'\) \* 1000 as integer\)\)$/, 'now in epoch milliseconds'],
  [/^\(floor\(extract\(epoch from clock_timestamp\(\)\) \* 1000\)\)::bigint$/, 'now in epoch milliseconds'],
  [/ = 1$/, ' = true'],
];

function sqlText(value: SQL): string {
  let text = value.queryChunks
    .map((chunk) => {
      if (typeof chunk === 'object' && chunk !== null && 'value' in chunk) return (chunk.value as string[]).join('');
      if (is(chunk, SQL)) return sqlText(chunk);
      if (typeof chunk === 'object' && chunk !== null && 'name' in chunk) return `"${(chunk as Column).name}"`;
      return String(chunk);
    })
    .join('');
  for (const [pattern, replacement] of SAME_SQL) text = text.replace(pattern, replacement);
  return text;
}

function defaultOf(column: Column): unknown {
  if (column.defaultFn) return `function ${column.defaultFn.toString()}`;
  // SQLite's `integer primary key autoincrement` and PostgreSQL's identity column. A plain
  // `integer primary key` on SQLite is the rowid, which drizzle reports as a default although the
  // schema declares none (the summary tables always name their key).
  if ((column as Column & { autoIncrement?: boolean }).autoIncrement || column.generatedIdentity)
    return 'next identity';
  if (!column.hasDefault || column.default === undefined) return null;
  return is(column.default, SQL) ? sqlText(column.default) : column.default;
}

function describeTable(config: TDialectConfig) {
  const columnNames = (columns: Column[]) => columns.map((column) => column.name);
  return {
    name: config.name,
    columns: Object.fromEntries(
      config.columns.map((column) => [
        column.name,
        {
          type: typeOf(column),
          notNull: column.notNull,
          primaryKey: column.primary,
          unique: column.isUnique,
          default: defaultOf(column),
        },
      ]),
    ),
    primaryKeys: config.primaryKeys.map((key) => columnNames(key.columns)),
    indexes: config.indexes
      .map((index) => ({
        name: index.config.name ?? '',
        unique: index.config.unique,
        columns: index.config.columns.map((column) => (column as Column).name),
        where: index.config.where ? sqlText(index.config.where) : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          columns: columnNames(reference.columns),
          table: getTableName(reference.foreignTable),
          foreignColumns: columnNames(reference.foreignColumns),
          onDelete: key.onDelete ?? 'no action',
          onUpdate: key.onUpdate ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    checks: config.checks.map((check) => ({ name: check.name, sql: sqlText(check.value) })),
    uniques: config.uniqueConstraints.map((unique) => columnNames(unique.columns)),
  };
}

const sqliteTables = Object.fromEntries(
  Object.entries(sqlite as Record<string, unknown>).filter((entry): entry is [string, SQLiteTable] =>
    is(entry[1], SQLiteTable),
  ),
);
const pgTables = Object.fromEntries(
  Object.entries(postgres as Record<string, unknown>).filter((entry): entry is [string, PgTable] =>
    is(entry[1], PgTable),
  ),
);

describe('the SQLite and PostgreSQL schemas', () => {
  it('export the same tables', () => {
    expect(Object.keys(pgTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    expect(Object.keys(sqliteTables).length).toBeGreaterThan(15);
  });

  it.each(Object.keys(sqliteTables))('describe %s alike', (name) => {
    const expected = describeTable(sqliteConfig(sqliteTables[name] as SQLiteTable));
    const actual = describeTable(pgConfig(pgTables[name] as PgTable));
    expect(actual).toEqual(expected);
  });

  it('give rows and inserts the same TypeScript types', () => {
    expectTypeOf<typeof postgres.users.$inferSelect>().toEqualTypeOf<typeof sqlite.users.$inferSelect>();
    expectTypeOf<typeof postgres.companies.$inferSelect>().toEqualTypeOf<typeof sqlite.companies.$inferSelect>();
    expectTypeOf<typeof postgres.courseAssignments.$inferSelect>().toEqualTypeOf<
      typeof sqlite.courseAssignments.$inferSelect
    >();
    expectTypeOf<typeof postgres.sessions.$inferSelect>().toEqualTypeOf<typeof sqlite.sessions.$inferSelect>();
    expectTypeOf<typeof postgres.oneTimeTokens.$inferSelect>().toEqualTypeOf<
      typeof sqlite.oneTimeTokens.$inferSelect
    >();
    expectTypeOf<typeof postgres.loginThrottle.$inferSelect>().toEqualTypeOf<
      typeof sqlite.loginThrottle.$inferSelect
    >();
    expectTypeOf<typeof postgres.avvAcceptances.$inferSelect>().toEqualTypeOf<
      typeof sqlite.avvAcceptances.$inferSelect
    >();
    expectTypeOf<typeof postgres.auditLog.$inferSelect>().toEqualTypeOf<typeof sqlite.auditLog.$inferSelect>();
    expectTypeOf<typeof postgres.mailOutbox.$inferSelect>().toEqualTypeOf<typeof sqlite.mailOutbox.$inferSelect>();
    expectTypeOf<typeof postgres.courses.$inferSelect>().toEqualTypeOf<typeof sqlite.courses.$inferSelect>();
    expectTypeOf<typeof postgres.courseProgress.$inferSelect>().toEqualTypeOf<
      typeof sqlite.courseProgress.$inferSelect
    >();
    expectTypeOf<typeof postgres.quizAttempts.$inferSelect>().toEqualTypeOf<typeof sqlite.quizAttempts.$inferSelect>();
    expectTypeOf<typeof postgres.employeeUploads.$inferSelect>().toEqualTypeOf<
      typeof sqlite.employeeUploads.$inferSelect
    >();
    expectTypeOf<typeof postgres.certificates.$inferSelect>().toEqualTypeOf<typeof sqlite.certificates.$inferSelect>();
    expectTypeOf<typeof postgres.totpRecoveryCodes.$inferSelect>().toEqualTypeOf<
      typeof sqlite.totpRecoveryCodes.$inferSelect
    >();
    expectTypeOf<typeof postgres.statsPeople.$inferSelect>().toEqualTypeOf<typeof sqlite.statsPeople.$inferSelect>();
    expectTypeOf<typeof postgres.statsCourseCounts.$inferSelect>().toEqualTypeOf<
      typeof sqlite.statsCourseCounts.$inferSelect
    >();
    expectTypeOf<typeof postgres.statsCompanyActivity.$inferSelect>().toEqualTypeOf<
      typeof sqlite.statsCompanyActivity.$inferSelect
    >();
    expectTypeOf<typeof postgres.statsProgressHours.$inferSelect>().toEqualTypeOf<
      typeof sqlite.statsProgressHours.$inferSelect
    >();
    expectTypeOf<typeof postgres.statsCourseCompletions.$inferSelect>().toEqualTypeOf<
      typeof sqlite.statsCourseCompletions.$inferSelect
    >();
    expectTypeOf<typeof postgres.users.$inferInsert>().toEqualTypeOf<typeof sqlite.users.$inferInsert>();
    expectTypeOf<typeof postgres.courseProgress.$inferInsert>().toEqualTypeOf<
      typeof sqlite.courseProgress.$inferInsert
    >();
    expectTypeOf<typeof postgres.auditLog.$inferInsert>().toEqualTypeOf<typeof sqlite.auditLog.$inferInsert>();
  });
});
