import type { TTransaction } from '@portal/db';
import { countInWindow, type TWindowClaim } from './minute-window.ts';

export const DAY_MS = 24 * 3600 * 1000;

/**
 * Housekeeping keeps rows under this prefix for a day (it deletes the others after the login
 * throttle's 15 minutes), so a day's count is not forgotten after a quarter of an hour.
 */
export const DAY_WINDOW_PREFIX = 'day:';

/**
 * Counts one call under `day:<key>` in its window of 24 hours (from the key's first call) and
 * answers whether it is within `perDay`, in the caller's transaction: the count commits with the
 * effect it limits (the report inbox's forwards per company, ADR 036), and on PostgreSQL the
 * key's row stays locked until then, so two processes never both take the last one.
 */
export async function countInDayWindow(
  tx: TTransaction,
  key: string,
  perDay: number,
  now = new Date(),
): Promise<TWindowClaim> {
  return countInWindow(tx, `${DAY_WINDOW_PREFIX}${key}`, perDay, DAY_MS, now);
}
