import { and, apiKeys, eq, isNull, loginThrottle, lt, or, sql, type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';

/** The rate limit's window: calls are counted per key and minute, over every process (ADR 035). */
export const API_KEY_WINDOW_MS = 60_000;
/** `last_used_at` moves at most this often, so that a busy key does not write it on every call. */
export const API_KEY_TOUCH_MS = 60_000;

export interface TApiCallClaim {
  allowed: boolean;
  /** Whole seconds until the window ends (for `Retry-After`). */
  retryAfterSeconds: number;
  /** The first refused call of its window: the one that is written to the audit log. */
  firstRefusal: boolean;
}

/**
 * Counts one call of a key and answers whether it is within the limit. One `insert … on conflict
 * do update … returning` in the login throttle's table (ADR 004's mechanism, its own key space
 * `api-key:<id>`): PostgreSQL locks the row for the update, SQLite has one writer, so two
 * processes never both take the last call of a window. A window that is over starts again at 1.
 */
export async function claimApiCall(db: TDatabase, keyId: string, perMinute: number, now = new Date()) {
  const at = now.getTime();
  const over = sql`(${at} - ${loginThrottle.windowStartedAt}) >= ${API_KEY_WINDOW_MS}`;
  const [row] = await transaction(db, (tx) =>
    tx
      .insert(loginThrottle)
      .values({ key: `api-key:${keyId}`, attempts: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          attempts: sql`case when ${over} then 1 else ${loginThrottle.attempts} + 1 end`,
          windowStartedAt: sql`case when ${over} then ${at} else ${loginThrottle.windowStartedAt} end`,
        },
      })
      .returning({ attempts: loginThrottle.attempts, windowStartedAt: loginThrottle.windowStartedAt }),
  );
  const attempts = row?.attempts ?? 1;
  const windowEnds = (row?.windowStartedAt.getTime() ?? at) + API_KEY_WINDOW_MS;
  return {
    allowed: attempts <= perMinute,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at) / 1000)),
    firstRefusal: attempts === perMinute + 1,
  } satisfies TApiCallClaim;
}

export interface TApiCall {
  keyId: string;
  method: string;
  path: string;
  status: number;
  ip: string;
  /** The policy number a call asked for, when it named one. */
  policyNumber?: string | null;
  /** Why a call was refused before it ran: `revoked`, `expired`, `scope`, `rate_limited`. */
  refused?: string | null;
}

/**
 * Writes one call of a key to the audit log (issue 23: every call), and moves the key's
 * `last_used_at` when it is older than a minute, in one transaction after the answer is known.
 */
export async function recordApiCall(db: TDatabase, call: TApiCall, now = new Date()): Promise<void> {
  // Read committed: an insert and one conditional update of the key's own row; two processes
  // touching it at once both write a time of this minute, and the newer one stays.
  await transaction(db, async (tx) => {
    await audit(tx, {
      action: call.refused ? 'api_key.refused' : 'api_key.call',
      actorId: call.keyId,
      actorRole: 'api_key',
      ip: call.ip,
      details: {
        method: call.method,
        path: call.path.slice(0, 300),
        status: call.status,
        policyNumber: call.policyNumber ?? null,
        ...(call.refused ? { reason: call.refused } : {}),
      },
    });
    if (call.refused === 'revoked' || call.refused === 'expired') return;
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, call.keyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - API_KEY_TOUCH_MS))),
        ),
      );
  });
}
