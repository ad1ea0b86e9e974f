import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, jobRuns, jobs, sql, type TDatabase, transaction } from '@portal/db';
import { systemClock, type TClock } from '../clock.ts';
import { claimWithLease } from '../leases/claim-with-lease.ts';
import { planSchedules, type TSchedule } from './schedules.ts';

/** What a job's handler gets: the database, the runner's "now", and the job itself. */
export interface TJobContext {
  db: TDatabase;
  now: Date;
  payload: Record<string, unknown> | null;
  job: { id: string; kind: string; key: string; attempt: number };
}

/**
 * Does the job's work and answers a short summary (counts) for the run record. It must be
 * idempotent: a runner that dies after the work but before recording it leaves the job to another
 * runner, which does it again (ADR 032). Effects therefore go through keys that make a repeat a
 * no-op (a mail per person and day, a certificate per cycle, …).
 */
export type TJobHandler = (context: TJobContext) => Promise<Record<string, string | number | boolean> | undefined>;

export interface TJobRunnerOptions {
  db: TDatabase;
  handlers: Readonly<Record<string, TJobHandler>>;
  schedules?: readonly TSchedule[];
  clock?: TClock;
  /** How often `start()` looks for due jobs. */
  intervalMs?: number;
  /** How long a claim holds; a runner that dies leaves its jobs to the others after this long. */
  leaseMs?: number;
  batchSize?: number;
  /** The pause before the next attempt of a failed job. */
  retryDelayMs?: (attempts: number) => number;
  onError?: (message: string) => void;
}

export interface TJobRunSummary {
  jobId: string;
  kind: string;
  key: string;
  attempt: number;
  result: 'succeeded' | 'failed';
  error?: string;
}

export interface TJobRunner {
  /** This runner's name in leases and run records. */
  readonly owner: string;
  /** Plans the schedules, then claims and runs one batch of due jobs. */
  runDue(): Promise<TJobRunSummary[]>;
  /** Runs batches until nothing is due (operators: `npm run jobs:run`). */
  runUntilIdle(): Promise<TJobRunSummary[]>;
  start(): void;
  /** Stops looking for work and waits for the batch in progress. */
  stop(): Promise<void>;
}

export const DEFAULT_JOB_LEASE_MS = 10 * 60 * 1000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** 1 min, 2 min, 4 min, … capped at six hours. */
export const jobBackoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobRunner(options: TJobRunnerOptions): TJobRunner {
  const { db, handlers } = options;
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const batchSize = options.batchSize ?? 10;
  const retryDelayMs = options.retryDelayMs ?? jobBackoffMs;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  /** The last occurrence this runner enqueued per schedule, so a tick with nothing new writes nothing. */
  const planned = new Map<string, string>();

  /**
   * Claims up to a batch of due jobs with a lease, as the mail outbox does (claimWithLease, ADR
   * 028), counting the attempt. In the same transaction the runs of runners whose lease ran out are
   * closed as `lease_expired` and a run is opened for each claimed job, so the record never misses
   * a start.
   */
  async function claim(now: Date) {
    // Read committed: claimWithLease's conditional update decides; a job another runner claimed
    // first is skipped. The run records below only touch the jobs this update claimed.
    return transaction(db, async (tx) => {
      const claimed = await claimWithLease(tx, {
        table: jobs,
        dueAt: jobs.runAt,
        owner,
        now,
        leaseMs,
        batchSize,
        set: { attempts: sql`${jobs.attempts} + 1` },
      });
      if (claimed.length === 0) return [];
      await tx
        .update(jobRuns)
        .set({ result: 'lease_expired', endedAt: now })
        .where(
          and(
            inArray(
              jobRuns.jobId,
              claimed.map((job) => job.id),
            ),
            isNull(jobRuns.endedAt),
          ),
        );
      const runs = await tx
        .insert(jobRuns)
        .values(claimed.map((job) => ({ jobId: job.id, kind: job.kind, attempt: job.attempts, owner, startedAt: now })))
        .returning({ id: jobRuns.id, jobId: jobRuns.jobId });
      const runOf = new Map(runs.map((run) => [run.jobId, run.id]));
      return claimed.map((job) => ({ ...job, runId: runOf.get(job.id) ?? '' }));
    });
  }

  async function runOne(job: Awaited<ReturnType<typeof claim>>[number]): Promise<TJobRunSummary> {
    const mine = and(eq(jobs.id, job.id), eq(jobs.leaseOwner, owner));
    const summary = { jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts };
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const output = await handler({
        db,
        now: clock.now(),
        payload: job.payload ? (JSON.parse(job.payload) as Record<string, unknown>) : null,
        job: { id: job.id, kind: job.kind, key: job.key, attempt: job.attempts },
      });
      const ended = clock.now();
      // Read committed: updates of this runner's own claim and run; a runner that lost its lease
      // (it took longer than leaseMs) changes nothing here: the job is another runner's now.
      await transaction(db, async (tx) => {
        await tx
          .update(jobs)
          .set({ status: 'done', finishedAt: ended, lastError: null, leaseOwner: null, leaseUntil: null })
          .where(mine);
        await tx
          .update(jobRuns)
          .set({ result: 'succeeded', endedAt: ended, output: output ? JSON.stringify(output) : null })
          .where(and(eq(jobRuns.id, job.runId), isNull(jobRuns.endedAt)));
      });
      return { ...summary, result: 'succeeded' };
    } catch (error) {
      const message = messageOf(error);
      const ended = clock.now();
      const final = job.attempts >= job.maxAttempts;
      // Read committed: as above.
      await transaction(db, async (tx) => {
        await tx
          .update(jobs)
          .set({
            lastError: message,
            leaseOwner: null,
            leaseUntil: null,
            ...(final
              ? { status: 'failed' as const, finishedAt: ended }
              : { runAt: new Date(ended.getTime() + retryDelayMs(job.attempts)) }),
          })
          .where(mine);
        await tx
          .update(jobRuns)
          .set({ result: 'failed', endedAt: ended, error: message })
          .where(and(eq(jobRuns.id, job.runId), isNull(jobRuns.endedAt)));
      });
      options.onError?.(`job ${job.kind} (${job.key}) attempt ${job.attempts} failed: ${message}`);
      return { ...summary, result: 'failed', error: message };
    }
  }

  async function runDue(): Promise<TJobRunSummary[]> {
    const now = clock.now();
    await planSchedules(db, options.schedules ?? [], now, planned);
    const claimed = await claim(now);
    const results: TJobRunSummary[] = [];
    // One after another: jobs write in batches of their own and must not crowd out requests.
    for (const job of claimed) results.push(await runOne(job));
    return results;
  }

  async function runUntilIdle(): Promise<TJobRunSummary[]> {
    const all: TJobRunSummary[] = [];
    for (;;) {
      const batch = await runDue();
      if (batch.length === 0) return all;
      all.push(...batch);
    }
  }

  return {
    owner,
    runDue,
    runUntilIdle,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runDue()
          .catch((error: unknown) => options.onError?.(`job runner: ${messageOf(error)}`))
          .finally(() => {
            running = undefined;
          });
      }, options.intervalMs ?? 30_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
