import { eq, loginThrottle, type TTransaction, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { changedRows, changesOf, rolledBack, snapshotTables, writeMark } from './db-snapshot.ts';

/**
 * The tenant matrix leaves out its second snapshot when the write mark did not move (ADR 040): the
 * mark must move for every kind of write, a rolled-back savepoint's too, and stay for reads.
 */
let t: TTestDb;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(async () => {
  await t.cleanup();
});

const row = { key: 'snapshot-test', attempts: 1, windowStartedAt: new Date('2026-12-02T00:00:00Z') };

describe('writeMark', () => {
  it('stays for reads and grows with an insert, an update, a delete and a rolled-back savepoint', async () => {
    await rolledBack(t.db, async (db) => {
      const tx = db as unknown as TTransaction;
      const start = await writeMark(db);
      await snapshotTables(db);
      await db.select().from(loginThrottle);
      expect(await writeMark(db)).toBe(start);

      await tx.insert(loginThrottle).values(row);
      const inserted = await writeMark(db);
      expect(inserted).toBeGreaterThan(start);
      await tx.update(loginThrottle).set({ attempts: 2 }).where(eq(loginThrottle.key, row.key));
      const updated = await writeMark(db);
      expect(updated).toBeGreaterThan(inserted);
      await tx.delete(loginThrottle).where(eq(loginThrottle.key, row.key));
      const deleted = await writeMark(db);
      expect(deleted).toBeGreaterThan(updated);

      // A write the request undid itself (a savepoint rolled back) still moves the mark.
      await transaction(db, async (savepoint) => {
        await savepoint.insert(loginThrottle).values(row);
        throw new Error('undo');
      }).catch(() => undefined);
      expect(await writeMark(db)).toBeGreaterThan(deleted);
      expect(await db.select().from(loginThrottle).where(eq(loginThrottle.key, row.key))).toHaveLength(0);
    });
  });

  it('a write that the mark saw shows in the snapshots', async () => {
    await rolledBack(t.db, async (db) => {
      const tx = db as unknown as TTransaction;
      const before = await snapshotTables(db);
      await tx.insert(loginThrottle).values(row);
      const changes = changedRows(before, await snapshotTables(db));
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatch(/^\+ login_throttle: .*snapshot-test/);
    });
  });
});

describe('changesOf', () => {
  it('names the rows a write changed and undoes it; a read changes nothing', async () => {
    await rolledBack(t.db, async (db) => {
      const tx = db as unknown as TTransaction;
      const read = await changesOf(db, () => db.select().from(loginThrottle));
      expect(read.changes).toEqual([]);

      const written = await changesOf(db, async () => {
        await tx.insert(loginThrottle).values(row);
        return 'done';
      });
      expect(written.value).toBe('done');
      expect(written.changes).toHaveLength(1);
      expect(written.changes[0]).toMatch(/^\+ login_throttle: .*snapshot-test/);
      // Undone: the next request sees the database as it was.
      expect(await db.select().from(loginThrottle).where(eq(loginThrottle.key, row.key))).toHaveLength(0);

      // An update that writes a row as it was moves the mark, and the comparison finds no change.
      await tx.insert(loginThrottle).values(row);
      const rewritten = await changesOf(db, () =>
        tx.update(loginThrottle).set({ attempts: 1 }).where(eq(loginThrottle.key, row.key)),
      );
      expect(rewritten.changes).toEqual([]);
    });
  });
});
