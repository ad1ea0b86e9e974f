import { asc, eq, jobRuns, jobs, type TDatabase, transaction } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../clock.ts';
import { enqueueJob } from './queue.ts';
import { createJobRunner, type TJobHandler } from './runner.ts';
import type { TSchedule } from './schedules.ts';

/*
 * ADR 032: the job queue on both databases. Two runners stand for two server processes (on
 * PostgreSQL two connection pools, as two processes have; on SQLite the one write queue of a
 * process). A controlled clock drives the time.
 */

let t: TTestDatabase;
let other: TDatabase;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  t = await createTestDatabase();
  other = t.dialect === 'postgres' ? t.openAnother() : t.db;
});
afterAll(() => t.cleanup());

const enqueue = (kind: string, key: string, runAt: Date, maxAttempts?: number) =>
  transaction(t.db, (tx) => enqueueJob(tx, { kind, key, runAt, ...(maxAttempts && { maxAttempts }) }));

const jobByKey = async (key: string) => (await t.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const runsOf = async (jobId: string) =>
  t.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)).orderBy(asc(jobRuns.attempt));

describe('the job queue', () => {
  it('runs a due job once and records the run', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const kind = unique('count');
    const seen: string[] = [];
    const handler: TJobHandler = async ({ job, now }) => {
      seen.push(`${job.key} ${now.toISOString()}`);
      return { counted: 1 };
    };
    const runner = createJobRunner({ db: t.db, clock, handlers: { [kind]: handler } });
    expect(await enqueue(kind, `${kind}:a`, clock.now())).toBe(true);
    expect(await enqueue(kind, `${kind}:a`, clock.now())).toBe(false);

    const results = await runner.runDue();
    expect(results).toMatchObject([{ kind, key: `${kind}:a`, attempt: 1, result: 'succeeded' }]);
    expect(await runner.runDue()).toEqual([]);
    expect(seen).toEqual([`${kind}:a 2026-11-26T09:00:00.000Z`]);

    const job = await jobByKey(`${kind}:a`);
    expect(job).toMatchObject({ status: 'done', attempts: 1, leaseOwner: null, lastError: null });
    const [run] = await runsOf(job?.id ?? '');
    expect(run).toMatchObject({ result: 'succeeded', attempt: 1, owner: runner.owner, output: '{"counted":1}' });
    expect(run?.startedAt.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    expect(run?.endedAt?.toISOString()).toBe('2026-11-26T09:00:00.000Z');
  });

  it('a job waits for its time; the controlled clock brings it', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const kind = unique('later');
    let runs = 0;
    const runner = createJobRunner({
      db: t.db,
      clock,
      handlers: {
        [kind]: async () => {
          runs += 1;
          return undefined;
        },
      },
    });
    await enqueue(kind, `${kind}:a`, new Date('2026-11-26T10:00:00Z'));
    expect(await runner.runDue()).toEqual([]);
    clock.advance(HOUR - 1);
    expect(await runner.runDue()).toEqual([]);
    clock.advance(1);
    expect(await runner.runDue()).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('a failing job is retried with backoff, then marked failed; every run is recorded with its error', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const kind = unique('fails');
    const runner = createJobRunner({
      db: t.db,
      clock,
      handlers: {
        [kind]: async ({ job }) => {
          throw new Error(`broken on attempt ${job.attempt}`);
        },
      },
    });
    await enqueue(kind, `${kind}:a`, clock.now(), 3);
    expect(await runner.runDue()).toMatchObject([{ result: 'failed', attempt: 1, error: 'broken on attempt 1' }]);
    // Backoff: 1 minute after the first failure, 2 after the second.
    expect((await jobByKey(`${kind}:a`))?.runAt.toISOString()).toBe('2026-11-26T09:01:00.000Z');
    expect(await runner.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await runner.runDue()).toMatchObject([{ attempt: 2 }]);
    clock.advance(MINUTE);
    expect(await runner.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await runner.runDue()).toMatchObject([{ attempt: 3, result: 'failed' }]);
    clock.advance(HOUR);
    expect(await runner.runDue()).toEqual([]);

    const job = await jobByKey(`${kind}:a`);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'broken on attempt 3' });
    expect(job?.finishedAt?.toISOString()).toBe('2026-11-26T09:03:00.000Z');
    const runs = await runsOf(job?.id ?? '');
    expect(runs.map((run) => [run.attempt, run.result, run.error])).toEqual([
      [1, 'failed', 'broken on attempt 1'],
      [2, 'failed', 'broken on attempt 2'],
      [3, 'failed', 'broken on attempt 3'],
    ]);
  });

  it('an unknown kind fails clearly instead of disappearing', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const runner = createJobRunner({ db: t.db, clock, handlers: {} });
    const key = unique('nobody');
    await enqueue('no-such-kind', key, clock.now(), 1);
    expect(await runner.runDue()).toMatchObject([{ result: 'failed', error: 'no handler for job kind no-such-kind' }]);
    expect((await jobByKey(key))?.status).toBe('failed');
  });

  it('two runners at once run each of 40 jobs exactly once', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const kind = unique('shared');
    const seen: string[] = [];
    const handler: TJobHandler = async ({ job }) => {
      seen.push(job.key);
      await new Promise((resolve) => setTimeout(resolve, 2));
      return undefined;
    };
    const keys = Array.from({ length: 40 }, (_, index) => `${kind}:${index}`);
    for (const key of keys) await enqueue(kind, key, clock.now());
    const first = createJobRunner({ db: t.db, clock, handlers: { [kind]: handler }, batchSize: 4 });
    const second = createJobRunner({ db: other, clock, handlers: { [kind]: handler }, batchSize: 4 });
    const [a, b] = await Promise.all([first.runUntilIdle(), second.runUntilIdle()]);
    expect(a.length + b.length).toBe(40);
    expect([...seen].sort()).toEqual([...keys].sort());
    if (t.dialect === 'postgres') expect(Math.min(a.length, b.length)).toBeGreaterThan(0);
  });

  it('a runner that dies half way leaves its job to another after the lease, which finishes it', async () => {
    const clock = controlledClock(new Date('2026-11-26T09:00:00Z'));
    const kind = unique('dies');
    const key = `${kind}:a`;
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => {
      started = resolve;
    });
    // The first runner claims the job and never comes back (its process was killed).
    const dying = createJobRunner({
      db: t.db,
      clock,
      leaseMs: 10 * MINUTE,
      handlers: {
        [kind]: () => {
          started();
          return new Promise(() => {});
        },
      },
    });
    const finished: string[] = [];
    const survivor = createJobRunner({
      db: other,
      clock,
      leaseMs: 10 * MINUTE,
      handlers: {
        [kind]: async ({ job }) => {
          finished.push(`${job.key} attempt ${job.attempt}`);
          return undefined;
        },
      },
    });
    await enqueue(kind, key, clock.now());
    void dying.runDue();
    await claimed;

    // Within the lease the job is the dying runner's.
    clock.advance(10 * MINUTE);
    expect(await survivor.runDue()).toEqual([]);
    clock.advance(1);
    expect(await survivor.runDue()).toMatchObject([{ key, attempt: 2, result: 'succeeded' }]);
    expect(finished).toEqual([`${key} attempt 2`]);

    const job = await jobByKey(key);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    const runs = await runsOf(job?.id ?? '');
    expect(runs.map((run) => [run.attempt, run.owner, run.result])).toEqual([
      [1, dying.owner, 'lease_expired'],
      [2, survivor.owner, 'succeeded'],
    ]);
  });
});

describe('schedules', () => {
  /** Drives two runners through `hours` in ten-minute steps; answers the occurrences that ran. */
  async function drive(schedule: TSchedule, start: string, hours: number) {
    const clock = controlledClock(new Date(start));
    const ran: string[] = [];
    const handlers = {
      [schedule.kind]: (async ({ job, now }) => {
        ran.push(`${job.key.split('@')[1]} at ${now.toISOString()}`);
        return undefined;
      }) satisfies TJobHandler,
    };
    const runners = [
      createJobRunner({ db: t.db, clock, handlers, schedules: [schedule] }),
      createJobRunner({ db: other, clock, handlers, schedules: [schedule] }),
    ];
    for (let step = 0; step <= hours * 6; step += 1) {
      await Promise.all(runners.map((runner) => runner.runDue()));
      clock.advance(10 * MINUTE);
    }
    return ran;
  }

  it('an hourly schedule runs once per occurrence with two runners', async () => {
    const ran = await drive({ kind: unique('hourly'), pattern: '0 * * * *' }, '2026-11-26T00:05:00Z', 24);
    expect(ran).toHaveLength(24);
    expect(ran[0]).toBe('2026-11-26T01:00:00.000Z at 2026-11-26T01:05:00.000Z');
    expect(new Set(ran.map((line) => line.split(' ')[0])).size).toBe(24);
  });

  it('a daily 06:00 Berlin schedule follows daylight saving time', async () => {
    // 29 March 2026: clocks go forward in Germany; 06:00 is 05:00 UTC before and 04:00 UTC after.
    const ran = await drive({ kind: unique('daily'), pattern: '0 6 * * *' }, '2026-03-27T12:00:00Z', 72);
    expect(ran.map((line) => line.split(' ')[0])).toEqual([
      '2026-03-28T05:00:00.000Z',
      '2026-03-29T04:00:00.000Z',
      '2026-03-30T04:00:00.000Z',
    ]);
  });

  it('an occurrence missed while every process was down runs once when one is back', async () => {
    const schedule: TSchedule = { kind: unique('missed'), pattern: '0 * * * *' };
    const clock = controlledClock(new Date('2026-11-26T00:30:00Z'));
    const ran: string[] = [];
    const runner = createJobRunner({
      db: t.db,
      clock,
      schedules: [schedule],
      handlers: {
        [schedule.kind]: async ({ job }) => {
          ran.push(job.key.split('@')[1] ?? '');
          return undefined;
        },
      },
    });
    await runner.runDue();
    clock.advance(5 * HOUR);
    await runner.runUntilIdle();
    expect(ran).toEqual(['2026-11-26T01:00:00.000Z']);
    clock.advance(HOUR);
    await runner.runUntilIdle();
    expect(ran).toEqual(['2026-11-26T01:00:00.000Z', '2026-11-26T06:00:00.000Z']);
  });
});
