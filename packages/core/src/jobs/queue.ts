import { jobs, type TTransaction } from '@portal/db';

export interface TNewJob {
  kind: string;
  /** Unique per piece of work: the same key enqueued twice (two processes) is one job. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/**
 * Adds a job inside the caller's transaction, so it exists exactly when the change that asks for
 * it is committed (as mails join the outbox). Answers false when a job with this key exists
 * already: enqueuing is idempotent.
 */
export async function enqueueJob(tx: TTransaction, job: TNewJob): Promise<boolean> {
  const inserted = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      runAt: job.runAt,
      payload: job.payload === undefined ? null : JSON.stringify(job.payload),
      ...(job.maxAttempts !== undefined && { maxAttempts: job.maxAttempts }),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}
