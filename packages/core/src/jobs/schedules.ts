import { type TDatabase, transaction } from '@portal/db';
import { Cron } from 'croner';
import { enqueueJob } from './queue.ts';

/** A recurring job: a cron pattern read in a time zone (Europe/Berlin for everything here). */
export interface TSchedule {
  /** The job kind it enqueues; its handler must exist. */
  kind: string;
  /** Five-field cron pattern, e.g. `0 6 * * *` for 06:00 every day. */
  pattern: string;
  timezone?: string;
  /**
   * Days its finished runs stay for the admin's job page, when fewer than the 90 of every job
   * (ADR 032): a schedule that runs every few minutes would otherwise fill the page.
   */
  keepFinishedDays?: number;
}

/** Per job kind, how long finished runs stay when its schedule asks for less than the default. */
export const finishedJobRetention = (schedules: readonly TSchedule[]): Readonly<Record<string, number>> =>
  Object.fromEntries(
    schedules
      .filter((schedule) => schedule.keepFinishedDays !== undefined)
      .map((schedule) => [schedule.kind, (schedule.keepFinishedDays ?? 0) * 24 * 3600 * 1000]),
  );

const BERLIN = 'Europe/Berlin';

/** The schedule's first occurrence strictly after `after` (croner: daylight saving time included). */
export function nextOccurrence(schedule: TSchedule, after: Date): Date {
  const cron = new Cron(schedule.pattern, { timezone: schedule.timezone ?? BERLIN, paused: true });
  try {
    const next = cron.nextRun(after);
    if (!next) throw new Error(`schedule ${schedule.kind} (${schedule.pattern}) has no next occurrence`);
    return next;
  } finally {
    cron.stop();
  }
}

/** The key of one occurrence: every process that plans it names it the same, so it is one job. */
export const occurrenceKey = (schedule: TSchedule, at: Date) => `schedule:${schedule.kind}@${at.toISOString()}`;

/**
 * Makes sure the next occurrence of every schedule is in the queue. Each runner does this on every
 * tick; the unique key makes all but the first process's insert a no-op, and `planned` (the last
 * occurrence this runner enqueued per kind) spares the write transaction on the ticks in between. An
 * occurrence missed while every process was down stays queued and runs once when one is back (no
 * catch-up storm).
 */
export async function planSchedules(
  db: TDatabase,
  schedules: readonly TSchedule[],
  now: Date,
  planned: Map<string, string> = new Map(),
): Promise<void> {
  const due = schedules
    .map((schedule) => {
      const at = nextOccurrence(schedule, now);
      return { schedule, at, key: occurrenceKey(schedule, at) };
    })
    .filter(({ schedule, key }) => planned.get(schedule.kind) !== key);
  if (due.length === 0) return;
  // Read committed: inserts that do nothing on a key that exists; nothing read decides.
  await transaction(db, async (tx) => {
    for (const { schedule, at, key } of due) await enqueueJob(tx, { kind: schedule.kind, key, runAt: at });
  });
  for (const { schedule, key } of due) planned.set(schedule.kind, key);
}
