import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as postgresSchema from '../schema/postgres.ts';
import * as sqliteSchema from '../schema/sqlite.ts';

/** One table of the copy: read from the SQLite twin, written to the PostgreSQL one (same row type). */
export interface TCopyStep {
  name: string;
  source: SQLiteTable;
  target: PgTable;
  /**
   * Columns written as null first and filled in once every table is in: they close a cycle of
   * foreign keys, so neither table could go first with them.
   */
  deferred: string[];
}

/** `companies.owner_id` → `users` and `users.company_id` → `companies`: the owner waits. */
const DEFERRED: Readonly<Record<string, readonly string[]>> = { companies: ['ownerId'] };

/**
 * Every table of the schema, each after the tables its foreign keys point to, so PostgreSQL can
 * check every reference as the rows arrive. Computed from the schema, so a new table joins the
 * copy by itself; a new cycle of foreign keys is refused here until DEFERRED breaks it.
 */
export function copyPlan(): TCopyStep[] {
  const sources = new Map(
    (Object.values(sqliteSchema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map((table) => [getTableName(table), table]),
  );
  const targets = (Object.values(postgresSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const waiting = new Map<string, { step: TCopyStep; needs: Set<string> }>();
  for (const target of targets) {
    const name = getTableName(target);
    const source = sources.get(name);
    if (!source) throw new Error(`${name} has no SQLite twin (schema/parity.test.ts should have said so)`);
    const columns = getTableColumns(target) as Record<string, PgColumn>;
    const deferred = [...(DEFERRED[name] ?? [])];
    const deferredColumns = new Set(deferred.map((key) => columns[key]?.name));
    const needs = new Set<string>();
    for (const foreignKey of getTableConfig(target).foreignKeys) {
      const reference = foreignKey.reference();
      if (reference.columns.every((column) => deferredColumns.has(column.name))) continue;
      const other = getTableName(reference.foreignTable);
      if (other !== name) needs.add(other);
    }
    waiting.set(name, { step: { name, source, target, deferred }, needs });
  }
  const plan: TCopyStep[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting.values()].filter(({ needs }) => [...needs].every((other) => !waiting.has(other)));
    if (ready.length === 0)
      throw new Error(`a cycle of foreign keys among ${[...waiting.keys()].join(', ')}: defer one of its columns`);
    for (const { step } of ready.sort((a, b) => a.step.name.localeCompare(b.step.name))) {
      plan.push(step);
      waiting.delete(step.name);
    }
  }
  return plan;
}
