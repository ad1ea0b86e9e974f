import { runHousekeeping } from '../maintenance/housekeeping.ts';
import { runReminders } from '../reminders/reminder-run.ts';
import type { TJobHandler } from './runner.ts';
import type { TSchedule } from './schedules.ts';

/**
 * The jobs every server process can run, and the schedules that plan them (ADR 032). A new kind of
 * scheduled work (reminders, renewals, campaign sends, webhooks) adds its handler and, if it
 * recurs, its schedule here.
 */
export function createJobHandlers(config: {
  publicUrl: string;
  /** People per slice of the reminder run; tests make it small so that companies span slices. */
  reminderSlice?: number;
}): Readonly<Record<string, TJobHandler>> {
  return {
    /** Expired sessions, tokens and throttle rows, delivered mails, old audit entries. */
    housekeeping: async ({ db, now }) => ({ ...(await runHousekeeping(db, now)) }),
    /** The reminder ladder (ADR 033): learners, managers' digests, employers' alerts. */
    reminders: async ({ db, now }) => {
      const { skipped, ...counts } = await runReminders(db, {
        now,
        publicUrl: config.publicUrl,
        sliceSize: config.reminderSlice,
      });
      return skipped ? { skipped: 1, ...counts } : counts;
    },
  };
}

export const JOB_SCHEDULES: readonly TSchedule[] = [
  { kind: 'housekeeping', pattern: '7 * * * *' },
  // Once each weekday morning in Berlin; the run itself skips public holidays (ADR 033).
  { kind: 'reminders', pattern: '30 9 * * 1-5' },
];
