import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as postgresSchema from '../schema/postgres.ts';
import { copyPlan } from './copy-plan.ts';

describe('copyPlan', () => {
  const plan = copyPlan();

  it('copies every table of the schema once', () => {
    const tables = (Object.values(postgresSchema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table));
    expect(plan.map((step) => step.name).sort()).toEqual([...tables].sort());
  });

  it('puts every table after the tables its foreign keys name, except the deferred columns', () => {
    const position = new Map(plan.map((step, index) => [step.name, index]));
    for (const step of plan) {
      const deferred = new Set(
        step.deferred.map((key) => (step.target as unknown as Record<string, { name: string }>)[key]?.name),
      );
      for (const foreignKey of getTableConfig(step.target).foreignKeys) {
        const reference = foreignKey.reference();
        const other = getTableName(reference.foreignTable);
        if (reference.columns.every((column) => deferred.has(column.name))) {
          // The cycle: the named table comes later, which is why the column waits.
          expect(position.get(other), `${step.name} → ${other}`).toBeGreaterThan(position.get(step.name) ?? -1);
          continue;
        }
        expect(position.get(other), `${step.name} → ${other}`).toBeLessThan(position.get(step.name) ?? -1);
      }
    }
  });

  it('breaks the companies ↔ users cycle at the owner', () => {
    expect(plan.find((step) => step.name === 'companies')?.deferred).toEqual(['ownerId']);
    expect(plan.filter((step) => step.deferred.length > 0).map((step) => step.name)).toEqual(['companies']);
  });
});
