import { apiKeys, eq, preparedQuery, sql, type TDatabase } from '@portal/db';
import { constantTimeEqualHex, hashSecret } from '../tokens.ts';
import { apiKeyState } from './api-key-admin.ts';
import { parseApiKey } from './api-key-token.ts';

/** The caller behind a valid key: what the procedures and the audit log need of it. */
export interface TApiKeyCaller {
  id: string;
  name: string;
  scope: 'insurer:read';
}

export type TApiKeyResolution =
  | { kind: 'key'; key: TApiKeyCaller }
  /** `keyId` is set when the key exists (its use is audited), null for a malformed or unknown one. */
  | { kind: 'refused'; reason: 'invalid' | 'revoked' | 'expired'; keyId: string | null };

// Every call with a key reads it once: prepared per connection, like the session lookup.
const keyLookup = preparedQuery((db) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      secretHash: apiKeys.secretHash,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, sql.placeholder('id')))
    .prepare('core_api_key_lookup'),
);

/**
 * Reads the key of a bearer token. Revocation and expiry are read on every call, so a revoked key
 * is refused by every process from the next request on. A wrong secret reads as unknown: a
 * caller without the secret learns nothing about the key.
 */
export async function resolveApiKey(db: TDatabase, token: string, now = new Date()): Promise<TApiKeyResolution> {
  const parsed = parseApiKey(token);
  if (!parsed) return { kind: 'refused', reason: 'invalid', keyId: null };
  const [row] = await keyLookup(db).execute({ id: parsed.id });
  if (!row || !constantTimeEqualHex(row.secretHash, hashSecret(parsed.secret))) {
    return { kind: 'refused', reason: 'invalid', keyId: null };
  }
  const state = apiKeyState(row, now);
  if (state !== 'active') return { kind: 'refused', reason: state, keyId: row.id };
  return { kind: 'key', key: { id: row.id, name: row.name, scope: row.scope } };
}
