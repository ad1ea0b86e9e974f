import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './database.ts';
import { companies, statsPeople } from './tables.ts';
import { createTestDatabase, type TTestDatabase } from './testing/test-database.ts';
import { rawRows, transaction } from './transaction.ts';

/*
 * transaction() keeps its promise on the database the suite runs on (ADR 028; the suite runs once
 * on SQLite and once with TEST_DATABASE=postgres): all or nothing, invisible until committed, and
 * racing transactions that read and then write do not lose each other's updates.
 */
let t: TTestDatabase;
let db: TDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(() => t.cleanup());

const companyNamed = async (name: string) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, name));

describe(`transaction()`, () => {
  it('writes nothing when the work throws, after any number of statements', async () => {
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(companies).values({ companyName: 'Rollback GmbH' });
        await tx.insert(companies).values({ companyName: 'Rollback GmbH' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await companyNamed('Rollback GmbH')).toEqual([]);
  });

  it('commits everything together, and resolves with what the work returns', async () => {
    const ids = await transaction(db, async (tx) => {
      const [a] = await tx.insert(companies).values({ companyName: 'Commit GmbH' }).returning({ id: companies.id });
      const [b] = await tx.insert(companies).values({ companyName: 'Commit GmbH' }).returning({ id: companies.id });
      return [a?.id, b?.id];
    });
    expect((await companyNamed('Commit GmbH')).map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('is invisible outside until it commits', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const wasInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const open = transaction(db, async (tx) => {
      await tx.insert(companies).values({ companyName: 'Pending GmbH' });
      inserted();
      await holding;
    });
    await wasInserted;
    expect(await companyNamed('Pending GmbH')).toEqual([]);
    release();
    await open;
    expect(await companyNamed('Pending GmbH')).toHaveLength(1);
  });

  it('rolls back a nested transaction alone', async () => {
    await transaction(db, async (tx) => {
      await tx.insert(companies).values({ companyName: 'Outer GmbH' });
      await expect(
        transaction(tx, async (inner) => {
          await inner.insert(companies).values({ companyName: 'Inner GmbH' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await transaction(tx, async (inner) => {
        await inner.insert(companies).values({ companyName: 'Inner kept GmbH' });
      });
    });
    expect(await companyNamed('Outer GmbH')).toHaveLength(1);
    expect(await companyNamed('Inner GmbH')).toEqual([]);
    expect(await companyNamed('Inner kept GmbH')).toHaveLength(1);
  });

  it('loses no update when 8 read-then-write transactions race on one row (serializable)', async () => {
    const readEmployees = async () => (await db.select({ n: statsPeople.employees }).from(statsPeople))[0]?.n ?? 0;
    const before = await readEmployees();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        transaction(
          db,
          async (tx) => {
            const [row] = await tx.select({ n: statsPeople.employees }).from(statsPeople);
            // Another request runs here; on SQLite it waits for the write connection.
            await sleep(2);
            await tx
              .update(statsPeople)
              .set({ employees: (row?.n ?? 0) + 1 })
              .where(eq(statsPeople.id, 1));
          },
          { isolation: 'serializable' },
        ),
      ),
    );
    expect(await readEmployees()).toBe(before + 8);
  });

  it('runs raw SQL inside and outside transactions', async () => {
    const [outside] = await rawRows<{ n: number }>(db, sql`select count(*) as n from companies`);
    const inside = await transaction(db, async (tx) => {
      await tx.insert(companies).values({ companyName: 'Raw GmbH' });
      return (await rawRows<{ n: number }>(tx, sql`select count(*) as n from companies`))[0];
    });
    expect(inside?.n).toBe((outside?.n ?? 0) + 1);
  });
});
