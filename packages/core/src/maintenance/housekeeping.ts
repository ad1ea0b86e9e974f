import {
  and,
  auditLog,
  eq,
  inArray,
  isNotNull,
  jobs,
  like,
  loginThrottle,
  lt,
  mailOutbox,
  notLike,
  oneTimeTokens,
  or,
  sessions,
  sql,
  type TDatabase,
  transaction,
} from '@portal/db';
import { SESSION_ABSOLUTE_SECONDS, THROTTLE_LOCK_MS, THROTTLE_WINDOW_MS } from '../policy.ts';
import { DAY_MS, DAY_WINDOW_PREFIX } from '../throttle/day-window.ts';

/** Used tokens are kept a while for support questions ("the link did not work"), then removed. */
const USED_TOKEN_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** Data protection notes: delivered mails are deleted after 30 days, the audit log after 12 months. */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 3600 * 1000;
export const AUDIT_RETENTION_MS = 365 * 24 * 3600 * 1000;
/** Finished jobs and their runs stay 90 days for the admin's job page (ADR 032), then go. */
export const FINISHED_JOB_RETENTION_MS = 90 * 24 * 3600 * 1000;

export interface THousekeepingResult {
  sessions: number;
  tokens: number;
  throttle: number;
  mails: number;
  auditEntries: number;
  jobs: number;
}

/**
 * Deletes what can no longer matter, or may no longer be kept: delivered mails after 30 days and
 * audit entries after 12 months (the data protection notes promise both), sessions past their idle or absolute lifetime, expired or
 * long-used one-time tokens, and login-throttle rows whose window and lock are over. Expired
 * sessions are also refused on sight; this keeps the tables small. Plain comparisons and integer
 * arithmetic on epoch milliseconds, the same on SQLite and PostgreSQL.
 */
export async function runHousekeeping(
  db: TDatabase,
  now = new Date(),
  /** Shorter retention of finished runs per job kind, in ms (`finishedJobRetention` of the schedules). */
  jobRetention: Readonly<Record<string, number>> = {},
): Promise<THousekeepingResult> {
  const nowMs = now.getTime();
  // Read committed: each delete is one statement whose condition PostgreSQL checks again on a row
  // another request changed meanwhile (a session touched a moment ago is not idle), so no read
  // decides a write (ADR 028).
  return transaction(db, async (tx) => {
    const expiredSessions = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.createdAt, new Date(nowMs - SESSION_ABSOLUTE_SECONDS * 1000)),
          lt(sql`${sessions.lastSeenAt} + ${sessions.ttl} * 1000`, nowMs),
        ),
      )
      .returning({ id: sessions.id });
    const oldTokens = await tx
      .delete(oneTimeTokens)
      .where(
        or(
          lt(oneTimeTokens.expiresAt, now),
          and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, new Date(nowMs - USED_TOKEN_RETENTION_MS))),
        ),
      )
      .returning({ id: oneTimeTokens.id });
    const staleThrottle = await tx
      .delete(loginThrottle)
      .where(
        or(
          and(
            notLike(loginThrottle.key, `${DAY_WINDOW_PREFIX}%`),
            lt(loginThrottle.windowStartedAt, new Date(nowMs - Math.max(THROTTLE_WINDOW_MS, THROTTLE_LOCK_MS))),
            or(sql`${loginThrottle.lockedUntil} is null`, lt(loginThrottle.lockedUntil, now)),
          ),
          // Day windows (the report inbox's forwards per company) once their day is over.
          and(
            like(loginThrottle.key, `${DAY_WINDOW_PREFIX}%`),
            lt(loginThrottle.windowStartedAt, new Date(nowMs - DAY_MS)),
          ),
        ),
      )
      .returning({ key: loginThrottle.key });
    const sentMails = await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, new Date(nowMs - SENT_MAIL_RETENTION_MS))))
      .returning({ id: mailOutbox.id });
    const oldAudit = await tx
      .delete(auditLog)
      .where(lt(auditLog.at, new Date(nowMs - AUDIT_RETENTION_MS)))
      .returning({ id: auditLog.id });
    // Their runs go with them (on delete cascade).
    const oldJobs = await tx
      .delete(jobs)
      .where(
        and(
          inArray(jobs.status, ['done', 'failed']),
          or(
            lt(jobs.finishedAt, new Date(nowMs - FINISHED_JOB_RETENTION_MS)),
            ...Object.entries(jobRetention).map(([kind, ms]) =>
              and(eq(jobs.kind, kind), lt(jobs.finishedAt, new Date(nowMs - ms))),
            ),
          ),
        ),
      )
      .returning({ id: jobs.id });
    return {
      sessions: expiredSessions.length,
      tokens: oldTokens.length,
      throttle: staleThrottle.length,
      mails: sentMails.length,
      auditEntries: oldAudit.length,
      jobs: oldJobs.length,
    };
  });
}
