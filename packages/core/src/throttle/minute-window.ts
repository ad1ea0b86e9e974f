import { eq, loginThrottle, sql, type TDatabase, type TTransaction, transaction } from '@portal/db';

export const MINUTE_MS = 60_000;

export interface TWindowClaim {
  allowed: boolean;
  /** Whole seconds until the window ends (for `Retry-After`). */
  retryAfterSeconds: number;
  /** The first refused call of its window: the one worth a log line. */
  firstRefusal: boolean;
}

/**
 * Counts one call under `key` in its one-minute window and answers whether it is within `perMinute`.
 * One `insert … on conflict do update … returning` in the login throttle's table (ADR 004's
 * mechanism, each user its own key space such as `api-key:<id>` or `phishing:<ip>`): PostgreSQL
 * locks the row for the update, SQLite has one writer, so two processes never both take the last
 * call of a window. A window that is over starts again at 1.
 */
export async function claimInMinuteWindow(
  db: TDatabase,
  key: string,
  perMinute: number,
  now = new Date(),
): Promise<TWindowClaim> {
  // Read committed: the upsert locks the key's row until the commit (see countInMinuteWindow).
  return transaction(db, (tx) => countInMinuteWindow(tx, key, perMinute, now));
}

/**
 * claimInMinuteWindow inside the caller's transaction, for a request whose limit and effect commit
 * together (a phishing link's event, ADR 036). On PostgreSQL the key's row stays locked until that
 * transaction ends, so the same key's next call waits for it; nothing else is held.
 */
export async function countInMinuteWindow(
  tx: TTransaction,
  key: string,
  perMinute: number,
  now = new Date(),
): Promise<TWindowClaim> {
  return countInWindow(tx, key, perMinute, MINUTE_MS, now);
}

/**
 * The same count for a window of any length (`day-window.ts` uses a day). The window starts with
 * the key's first call and ends `windowMs` later; the next call after it starts a new one at 1.
 * Housekeeping deletes rows whose window started longer ago than its throttle window, so keys of
 * windows longer than that need a prefix housekeeping knows (`day:`).
 */
export async function countInWindow(
  tx: TTransaction,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<TWindowClaim> {
  const at = now.getTime();
  const over = sql`(${at} - ${loginThrottle.windowStartedAt}) >= ${windowMs}`;
  const [row] = await tx
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${over} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${over} then ${at} else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ attempts: loginThrottle.attempts, windowStartedAt: loginThrottle.windowStartedAt });
  const attempts = row?.attempts ?? 1;
  const windowEnds = (row?.windowStartedAt.getTime() ?? at) + windowMs;
  return {
    allowed: attempts <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at) / 1000)),
    firstRefusal: attempts === limit + 1,
  };
}

/**
 * Whether the key's window is already used up, without counting a call: for a refusal as early as
 * possible (the report inbox's `MAIL FROM`, before any data), the count itself comes later. Null
 * when a call would still be allowed, else the seconds until the window ends.
 */
export async function windowFullFor(
  db: TDatabase,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<number | null> {
  const [row] = await db
    .select({ attempts: loginThrottle.attempts, windowStartedAt: loginThrottle.windowStartedAt })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  if (!row) return null;
  const windowEnds = row.windowStartedAt.getTime() + windowMs;
  if (windowEnds <= now.getTime() || row.attempts < limit) return null;
  return Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
}
