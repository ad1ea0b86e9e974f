import {
  and,
  auditLog,
  eq,
  isNotNull,
  loginThrottle,
  lt,
  mailOutbox,
  oneTimeTokens,
  or,
  sessions,
  sql,
  type TDb,
} from '@portal/db';
import { SESSION_ABSOLUTE_SECONDS, THROTTLE_LOCK_MS, THROTTLE_WINDOW_MS } from '../policy.ts';

/** Used tokens are kept a while for support questions ("the link did not work"), then removed. */
const USED_TOKEN_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** Data protection notes: delivered mails are deleted after 30 days, the audit log after 12 months. */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 3600 * 1000;
export const AUDIT_RETENTION_MS = 365 * 24 * 3600 * 1000;

export interface THousekeepingResult {
  sessions: number;
  tokens: number;
  throttle: number;
  mails: number;
  auditEntries: number;
}

/**
 * Deletes what can no longer matter, or may no longer be kept: delivered mails after 30 days and
 * audit entries after 12 months (the data protection notes promise both), sessions past their idle or absolute lifetime, expired or
 * long-used one-time tokens, and login-throttle rows whose window and lock are over. Expired
 * sessions are also refused on sight; this keeps the tables small.
 */
export function runHousekeeping(db: TDb, now = new Date()): THousekeepingResult {
  const nowMs = now.getTime();
  const expiredSessions = db
    .delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, new Date(nowMs - SESSION_ABSOLUTE_SECONDS * 1000)),
        lt(sql`${sessions.lastSeenAt} + ${sessions.ttl} * 1000`, nowMs),
      ),
    )
    .run();
  const oldTokens = db
    .delete(oneTimeTokens)
    .where(
      or(
        lt(oneTimeTokens.expiresAt, now),
        and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, new Date(nowMs - USED_TOKEN_RETENTION_MS))),
      ),
    )
    .run();
  const staleThrottle = db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, new Date(nowMs - Math.max(THROTTLE_WINDOW_MS, THROTTLE_LOCK_MS))),
        or(sql`${loginThrottle.lockedUntil} is null`, lt(loginThrottle.lockedUntil, now)),
      ),
    )
    .run();
  const sentMails = db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, new Date(nowMs - SENT_MAIL_RETENTION_MS))))
    .run();
  const oldAudit = db
    .delete(auditLog)
    .where(lt(auditLog.at, new Date(nowMs - AUDIT_RETENTION_MS)))
    .run();
  return {
    sessions: expiredSessions.changes,
    tokens: oldTokens.changes,
    throttle: staleThrottle.changes,
    mails: sentMails.changes,
    auditEntries: oldAudit.changes,
  };
}
