import { and, apiKeys, eq, isNull, lt, or, type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { claimInMinuteWindow, MINUTE_MS, type TWindowClaim } from '../throttle/minute-window.ts';

/** The rate limit's window: calls are counted per key and minute, over every process (ADR 035). */
export const API_KEY_WINDOW_MS = MINUTE_MS;
/** `last_used_at` moves at most this often, so that a busy key does not write it on every call. */
export const API_KEY_TOUCH_MS = 60_000;

export type TApiCallClaim = TWindowClaim;

/** Counts one call of a key over every process (ADR 035): the key's own window of the login throttle. */
export const claimApiCall = (db: TDatabase, keyId: string, perMinute: number, now = new Date()) =>
  claimInMinuteWindow(db, `api-key:${keyId}`, perMinute, now);

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
