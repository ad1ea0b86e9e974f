import { runHousekeeping } from '../maintenance/housekeeping.ts';
import type { TJobHandler } from './runner.ts';
import type { TSchedule } from './schedules.ts';

/**
 * The jobs every server process can run, and the schedules that plan them (ADR 032). A new kind of
 * scheduled work (reminders, renewals, campaign sends, webhooks) adds its handler and, if it
 * recurs, its schedule here.
 */
export const JOB_HANDLERS: Readonly<Record<string, TJobHandler>> = {
  /** Expired sessions, tokens and throttle rows, delivered mails, old audit entries. */
  housekeeping: async ({ db, now }) => ({ ...(await runHousekeeping(db, now)) }),
};

export const JOB_SCHEDULES: readonly TSchedule[] = [{ kind: 'housekeeping', pattern: '7 * * * *' }];
