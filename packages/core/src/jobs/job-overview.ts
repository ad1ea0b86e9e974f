import { and, count, desc, eq, jobRuns, jobs, lte, type TDb } from '@portal/db';

export interface TJobOverview {
  /** Jobs waiting, and of those already due (a runner will take them at its next tick). */
  pending: number;
  due: number;
  /** The latest runs, newest first. */
  runs: {
    id: string;
    kind: string;
    attempt: number;
    owner: string;
    startedAt: Date;
    endedAt: Date | null;
    result: 'succeeded' | 'failed' | 'lease_expired' | null;
    error: string | null;
    output: string | null;
  }[];
  /** Jobs that gave up after their last attempt, newest first. */
  failed: {
    id: string;
    kind: string;
    key: string;
    attempts: number;
    lastError: string | null;
    finishedAt: Date | null;
  }[];
}

/** What the admin's job page shows (ADR 032): the queue's size, the last runs and the failures. */
export async function jobOverview(db: TDb, input: { limit: number }, now: Date): Promise<TJobOverview> {
  const [pending] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'pending'));
  const [due] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)));
  const runs = await db
    .select({
      id: jobRuns.id,
      kind: jobRuns.kind,
      attempt: jobRuns.attempt,
      owner: jobRuns.owner,
      startedAt: jobRuns.startedAt,
      endedAt: jobRuns.endedAt,
      result: jobRuns.result,
      error: jobRuns.error,
      output: jobRuns.output,
    })
    .from(jobRuns)
    .orderBy(desc(jobRuns.startedAt))
    .limit(input.limit);
  const failed = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.finishedAt))
    .limit(input.limit);
  return { pending: Number(pending?.n ?? 0), due: Number(due?.n ?? 0), runs, failed };
}
