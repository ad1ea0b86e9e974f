import { eq, inArray, loginThrottle, sql, type TDb, type TTransaction } from '@portal/db';
import {
  THROTTLE_LOCK_MS,
  THROTTLE_MAX_ACCOUNT_FAILURES,
  THROTTLE_MAX_IP_FAILURES,
  THROTTLE_WINDOW_MS,
} from '../policy.ts';

const keysFor = (email: string, ip: string) => ({ account: `account:${email}`, ip: `ip:${ip}` });

/** True while the account or the address is locked out. Kept in the database (DECISIONS.md). */
export async function isLoginLocked(db: TDb, email: string, ip: string, now = new Date()): Promise<boolean> {
  const keys = keysFor(email, ip);
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.ip]));
  return rows.some((row) => row.lockedUntil !== null && row.lockedUntil > now);
}

/**
 * One failure more for `key`, as one statement: the database adds to the count it holds, so two
 * failures at the same moment count as two on PostgreSQL too (a read, then a write of the sum,
 * would lose one). A window older than THROTTLE_WINDOW_MS starts again at 1; reaching `max` locks
 * the key for THROTTLE_LOCK_MS. Timestamps are epoch milliseconds in SQL on both databases.
 */
async function countFailure(tx: TTransaction, key: string, max: number, now: Date): Promise<void> {
  const at = now.getTime();
  const lockUntil = at + THROTTLE_LOCK_MS;
  const expired = sql`(${at} - ${loginThrottle.windowStartedAt}) > ${THROTTLE_WINDOW_MS}`;
  const failures = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  await tx
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: max <= 1 ? new Date(lockUntil) : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      // Every expression reads the row as it was before this update (on both databases).
      set: {
        failures,
        windowStartedAt: sql`case when ${expired} then ${at} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${max} then ${lockUntil} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

/** Counts a failed sign-in against the account and the address, inside the caller's transaction. */
export async function recordLoginFailure(tx: TTransaction, email: string, ip: string, now = new Date()): Promise<void> {
  const keys = keysFor(email, ip);
  await countFailure(tx, keys.account, THROTTLE_MAX_ACCOUNT_FAILURES, now);
  await countFailure(tx, keys.ip, THROTTLE_MAX_IP_FAILURES, now);
}

/** A successful sign-in clears the account's count (not the address's: others may share it). */
export async function clearAccountFailures(tx: TTransaction, email: string): Promise<void> {
  await tx.delete(loginThrottle).where(eq(loginThrottle.key, keysFor(email, '').account));
}
