import { eq, inArray, loginThrottle, type TDb } from '@portal/db';
import {
  THROTTLE_LOCK_MS,
  THROTTLE_MAX_ACCOUNT_FAILURES,
  THROTTLE_MAX_IP_FAILURES,
  THROTTLE_WINDOW_MS,
} from '../policy.ts';

const keysFor = (email: string, ip: string) => ({ account: `account:${email}`, ip: `ip:${ip}` });

/** True while the account or the address is locked out. Kept in the database (DECISIONS.md). */
export function isLoginLocked(db: TDb, email: string, ip: string, now = new Date()): boolean {
  const keys = keysFor(email, ip);
  const rows = db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.ip]))
    .all();
  return rows.some((row) => row.lockedUntil !== null && row.lockedUntil > now);
}

function countFailure(db: TDb, key: string, max: number, now: Date): void {
  const row = db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
  const windowExpired = !row || now.getTime() - row.windowStartedAt.getTime() > THROTTLE_WINDOW_MS;
  const failures = windowExpired ? 1 : row.failures + 1;
  const windowStartedAt = windowExpired ? now : row.windowStartedAt;
  const lockedUntil = failures >= max ? new Date(now.getTime() + THROTTLE_LOCK_MS) : (row?.lockedUntil ?? null);
  db.insert(loginThrottle)
    .values({ key, failures, windowStartedAt, lockedUntil })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures, windowStartedAt, lockedUntil } })
    .run();
}

/** Counts a failed sign-in against the account and the address (call in an immediate transaction). */
export function recordLoginFailure(db: TDb, email: string, ip: string, now = new Date()): void {
  const keys = keysFor(email, ip);
  countFailure(db, keys.account, THROTTLE_MAX_ACCOUNT_FAILURES, now);
  countFailure(db, keys.ip, THROTTLE_MAX_IP_FAILURES, now);
}

/** A successful sign-in clears the account's count (not the address's: others may share it). */
export function clearAccountFailures(db: TDb, email: string): void {
  db.delete(loginThrottle)
    .where(eq(loginThrottle.key, keysFor(email, '').account))
    .run();
}
