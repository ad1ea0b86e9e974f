import { controlledClock, createJobRunner, enqueueJob } from '@portal/core';
import { transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDb, seedAdmin, seedEmployer, sessionFor, type TTestDb } from '../../test/test-db.ts';

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('admin.jobs (GET /api/admin/jobs)', () => {
  it('shows the queue, the last runs newest first and the jobs that failed', async () => {
    const clock = controlledClock(new Date(Date.now() - 60 * 60 * 1000));
    const runner = createJobRunner({
      db: t.db,
      clock,
      handlers: {
        works: async () => ({ mails: 3 }),
        breaks: async () => {
          throw new Error('SMTP said no');
        },
      },
    });
    await transaction(t.db, async (tx) => {
      await enqueueJob(tx, { kind: 'works', key: 'works:1', runAt: clock.now() });
      await enqueueJob(tx, { kind: 'breaks', key: 'breaks:1', runAt: clock.now(), maxAttempts: 1 });
      await enqueueJob(tx, { kind: 'works', key: 'works:later', runAt: new Date(Date.now() + 60 * 60 * 1000) });
    });
    await runner.runDue();
    clock.advance(60_000);
    await transaction(t.db, (tx) => enqueueJob(tx, { kind: 'works', key: 'works:2', runAt: clock.now() }));
    await runner.runDue();

    const admin = await seedAdmin(t.db);
    const { caller } = callerFor(t.db, { token: (await sessionFor(t.db, admin)).token });
    const overview = await caller.admin.jobs({ limit: 10 });
    expect(overview).toMatchObject({ pending: 1, due: 0 });
    // Newest first: the second batch's run, then the two of the first batch (same instant).
    expect(overview.runs[0]).toMatchObject({ kind: 'works', result: 'succeeded', output: '{"mails":3}' });
    expect(
      overview.runs
        .slice(1)
        .map((run) => `${run.kind} ${run.result} ${run.output ?? run.error}`)
        .sort(),
    ).toEqual(['breaks failed SMTP said no', 'works succeeded {"mails":3}']);
    expect(overview.runs).toHaveLength(3);
    expect(
      overview.runs
        .slice(1)
        .map((run) => run.kind)
        .sort(),
    ).toEqual(['breaks', 'works']);
    expect(overview.failed).toMatchObject([
      { kind: 'breaks', key: 'breaks:1', attempts: 1, lastError: 'SMTP said no' },
    ]);
    expect((await caller.admin.jobs({ limit: 1 })).runs).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const employer = await seedEmployer(t.db);
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    const { error } = await errorOf(caller.admin.jobs({ limit: 10 }));
    expect(error.code).toBe('NOT_FOUND');
  });
});
