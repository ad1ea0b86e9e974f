import { inArray, loginThrottle, type SQL, sql, type TDb, type TTransaction, transaction } from '@portal/db';
import { type TAttemptLimit, THROTTLE_LOCK_MS, THROTTLE_WINDOW_MS } from '../policy.ts';

/*
 * The one mechanism behind every limited check (ADR 004): sign-in passwords, two-factor and
 * recovery codes, the current password of a signed-in change, password-reset requests and
 * registrations. An attempt is claimed BEFORE the check it guards, by one statement that counts it
 * and answers whether it may go on; so of any number of attempts arriving at once, on any number
 * of server processes, at most `max` per window reach the check. A right password or code gives
 * its claim back afterwards (`refundAttempt`): the limits count failures, claimed in advance.
 */

/** One limit applied to one subject: the typed email, the client address, … */
export type TAttemptClaim = readonly [limit: TAttemptLimit, subject: string];

const keyOf = ([limit, subject]: TAttemptClaim) => `${limit.name}:${subject}`;

/** `case key when … then … end` over the claims: the per-row value in one multi-row statement. */
const perKey = (claims: readonly TAttemptClaim[], value: (claim: TAttemptClaim) => number): SQL =>
  sql`(case ${loginThrottle.key} ${sql.join(
    claims.map((claim) => sql`when ${keyOf(claim)} then cast(${value(claim)} as integer)`),
    sql` `,
  )} end)`;

/**
 * Counts one attempt against every claim, atomically, and answers whether it may go on: true
 * while every key has at most its `max` attempts in the window. The attempt that reaches `max`
 * locks the key for THROTTLE_LOCK_MS; attempts while locked are counted on (so they are refused)
 * but do not extend the lock. A window that is over and not locked starts again at 1.
 *
 * One `insert … on conflict do update … returning` for all keys, committed at once (its own
 * transaction): PostgreSQL locks each row for the update and re-reads it, SQLite has one writer,
 * so no two attempts see the same count on either database. Keys are sorted so two statements
 * lock their rows in the same order. Timestamps are epoch milliseconds in SQL on both databases.
 */
export async function claimAttempt(db: TDb, claims: readonly TAttemptClaim[], now = new Date()): Promise<boolean> {
  const sorted = [...claims].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const at = now.getTime();
  const max = perKey(sorted, ([limit]) => limit.max);
  const locked = sql`(${loginThrottle.lockedUntil} is not null and ${loginThrottle.lockedUntil} > ${at})`;
  const restart = sql`(not ${locked} and (${at} - ${loginThrottle.windowStartedAt}) > ${THROTTLE_WINDOW_MS})`;
  const lockAt = sql`cast(${at + THROTTLE_LOCK_MS} as bigint)`;
  const rows = await transaction(db, (tx) =>
    tx
      .insert(loginThrottle)
      .values(
        sorted.map(([limit, subject]) => ({
          key: keyOf([limit, subject]),
          attempts: 1,
          windowStartedAt: now,
          lockedUntil: limit.max <= 1 ? new Date(at + THROTTLE_LOCK_MS) : null,
        })),
      )
      .onConflictDoUpdate({
        target: loginThrottle.key,
        // Every expression reads the row as it was before this update (on both databases).
        set: {
          attempts: sql`case when ${restart} then 1 else ${loginThrottle.attempts} + 1 end`,
          windowStartedAt: sql`case when ${restart} then ${at} else ${loginThrottle.windowStartedAt} end`,
          lockedUntil: sql`case
            when ${locked} then ${loginThrottle.lockedUntil}
            when ${restart} then (case when 1 >= ${max} then ${lockAt} else null end)
            when ${loginThrottle.attempts} + 1 >= ${max} then ${lockAt}
            else null end`,
        },
      })
      .returning({ key: loginThrottle.key, attempts: loginThrottle.attempts }),
  );
  const limitOf = new Map(sorted.map((claim) => [keyOf(claim), claim[0].max]));
  return rows.every((row) => row.attempts <= (limitOf.get(row.key) ?? 0));
}

/**
 * Gives a claimed attempt back after the check succeeded, inside the success's transaction, and
 * lifts a lock that this very attempt set by reaching `max`. A key that went over its limit (a
 * burst that was refused) stays as it is: lowering its count would let one more guess through
 * while it is locked.
 */
export async function refundAttempt(tx: TTransaction, claims: readonly TAttemptClaim[]): Promise<void> {
  const max = perKey(claims, ([limit]) => limit.max);
  await tx
    .update(loginThrottle)
    .set({ attempts: sql`${loginThrottle.attempts} - 1`, lockedUntil: null })
    .where(
      sql`${inArray(loginThrottle.key, claims.map(keyOf))} and ${loginThrottle.attempts} > 0 and ${loginThrottle.attempts} <= ${max}`,
    );
}
