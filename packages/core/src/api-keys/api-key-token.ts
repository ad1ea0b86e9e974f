import { generateSecret } from '../tokens.ts';

/*
 * The form of an insurer API key (ADR 035): `pk_<id>_<secret>`. The id is the row's UUID (it has
 * no underscore, so the split is unambiguous), the secret 32 random bytes in base32. The prefix
 * tells a key from a session token (`<id>.<secret>`) before any database read.
 */
export const API_KEY_PREFIX = 'pk_';

const KEY_FORM = /^pk_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([a-z2-7]{52})$/;

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The token an `Authorization` header carries: what follows `Bearer ` (any case), else the whole
 * value; none when that is empty. The one reading of the header for sessions and keys alike.
 */
export const bearerTokenOf = (authorization: string | null | undefined): string | undefined =>
  authorization?.replace(/^Bearer\s+/i, '').trim() || undefined;

/** Whether an `Authorization` header presents an insurer API key (by its form, nothing read). */
export function presentsApiKey(authorization: string | null | undefined): boolean {
  const token = bearerTokenOf(authorization);
  return token !== undefined && looksLikeApiKey(token);
}

export function newApiKeySecret(): { id: string; secret: string } {
  return { id: crypto.randomUUID(), secret: generateSecret(32) };
}

export const formatApiKey = (id: string, secret: string) => `${API_KEY_PREFIX}${id}_${secret}`;

/** What the admins' list shows of a key: enough to tell keys apart, nothing that signs in. */
export const apiKeyPrefix = (id: string) => `${API_KEY_PREFIX}${id.slice(0, 8)}`;

export function parseApiKey(token: string): { id: string; secret: string } | null {
  const match = KEY_FORM.exec(token);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : null;
}
