import { and, apiKeys, desc, eq, isNull, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { dayNumber } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { berlinMidnight } from '../statistics/overall-stats.ts';
import { hashSecret } from '../tokens.ts';
import { apiKeyPrefix, formatApiKey, newApiKeySecret } from './api-key-token.ts';

export type TApiKeyState = 'active' | 'revoked' | 'expired';

/** A key as the admins' list shows it: never its secret, nor its hash. */
export interface TApiKeyListItem {
  id: string;
  name: string;
  prefix: string;
  scope: 'insurer:read';
  state: TApiKeyState;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function apiKeyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): TApiKeyState {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Every key, newest first: there are a handful per insurer, so the list is not paged. */
export async function listApiKeys(db: TDb, now = new Date()): Promise<TApiKeyListItem[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      creatorFirstname: users.firstname,
      creatorLastname: users.lastname,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: apiKeyPrefix(row.id),
    scope: row.scope,
    state: apiKeyState(row, now),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.creatorFirstname === null ? null : `${row.creatorFirstname} ${row.creatorLastname ?? ''}`.trim(),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  }));
}

export interface TNewApiKey {
  name: string;
  /** The last calendar day (in Germany) the key works, `YYYY-MM-DD`; none means until revoked. */
  expiresOn?: string | undefined;
}

/** A key that works through a day expires at the start of the next day, German time. */
export const apiKeyExpiry = (lastDay: string) => new Date(berlinMidnight(dayNumber(lastDay) + 1));

/**
 * Creates a read-only insurer key and answers its token, which is shown this once: only the
 * SHA-256 of its secret is stored.
 */
export async function createApiKey(
  db: TDatabase,
  actor: TSessionUser,
  input: TNewApiKey,
  meta: TRequestMeta,
  now = new Date(),
): Promise<{ key: TApiKeyListItem; token: string }> {
  if (actor.role !== 'admin') throw notFound();
  const expiresAt = input.expiresOn === undefined ? null : apiKeyExpiry(input.expiresOn);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new DomainError('BAD_REQUEST', 'api_keys.expiry_past');
  const { id, secret } = newApiKeySecret();
  // Read committed: one insert of a new random id and its audit entry, nothing read.
  await transaction(db, async (tx) => {
    await tx.insert(apiKeys).values({
      id,
      name: input.name,
      scope: 'insurer:read',
      secretHash: hashSecret(secret),
      createdBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    await audit(tx, {
      action: 'api_key.created',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: id,
      ip: meta.ip,
      details: { name: input.name, expiresAt: iso(expiresAt) },
    });
  });
  return {
    token: formatApiKey(id, secret),
    key: {
      id,
      name: input.name,
      prefix: apiKeyPrefix(id),
      scope: 'insurer:read',
      state: 'active',
      createdAt: now.toISOString(),
      createdByName: `${actor.firstname} ${actor.lastname}`.trim(),
      expiresAt: iso(expiresAt),
      revokedAt: null,
      lastUsedAt: null,
    },
  };
}

/**
 * Revokes a key at once, in every process: each call reads the key (resolve-api-key.ts), so the
 * next one after this commit is refused. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(
  db: TDatabase,
  actor: TSessionUser,
  id: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'admin') throw notFound();
  // Read committed: one conditional update; of two racing revocations one writes, the other finds it done.
  return transaction(db, async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (revoked.length === 0) {
      const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
      if (!exists) throw notFound();
      return { revoked: true as const };
    }
    await audit(tx, { action: 'api_key.revoked', actorId: actor.id, actorRole: actor.role, targetId: id, ip: meta.ip });
    return { revoked: true as const };
  });
}
