import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { asc, eq, jobRuns, jobs, transaction } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlledClock } from '../clock.ts';
import { enqueueJob } from './queue.ts';
import { createJobRunner, DEFAULT_JOB_LEASE_MS } from './runner.ts';

/*
 * ADR 032, with a real process: a server process claims a job and is killed (SIGKILL) while the
 * job runs. Nothing is lost: after the lease another process takes the job over and finishes it,
 * and the record shows both runs.
 */

const CLAIM_DEADLINE_MS = 150_000;

let t: TTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

it('a process killed half way through a job leaves it to another, which finishes it', {
  timeout: CLAIM_DEADLINE_MS + 60_000,
}, async () => {
  const key = 'half-way:1';
  await transaction(t.db, (tx) => enqueueJob(tx, { kind: 'half-way', key, runAt: new Date() }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'runner-child.ts'), t.location], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Waits on the child's own word, not a count of polls: on a loaded CI machine starting a tsx
  // process took most of a minute, and a poll count ran out of the test's time before it.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const giveUp = setTimeout(() => reject(new Error('the child never claimed the job')), CLAIM_DEADLINE_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('claimed')) {
        clearTimeout(giveUp);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(giveUp);
      reject(new Error(`the child ended (${code}) before it claimed the job`));
    });
  });
  child.kill('SIGKILL');
  await once(child, 'exit');

  const finished: number[] = [];
  const survivor = createJobRunner({
    db: t.db,
    clock: controlledClock(new Date(Date.now() + DEFAULT_JOB_LEASE_MS + 1000)),
    handlers: {
      'half-way': async ({ job }) => {
        finished.push(job.attempt);
        return undefined;
      },
    },
  });
  expect(await survivor.runDue()).toMatchObject([{ key, attempt: 2, result: 'succeeded' }]);
  expect(finished).toEqual([2]);
  const [job] = await t.db.select().from(jobs).where(eq(jobs.key, key));
  expect(job).toMatchObject({ status: 'done', attempts: 2 });
  const runs = await t.db
    .select({ attempt: jobRuns.attempt, result: jobRuns.result, owner: jobRuns.owner })
    .from(jobRuns)
    .where(eq(jobRuns.jobId, job?.id ?? ''))
    .orderBy(asc(jobRuns.attempt));
  expect(runs.map((run) => run.result)).toEqual(['lease_expired', 'succeeded']);
  expect(runs[0]?.owner).toContain(`:${child.pid}:`);
});
