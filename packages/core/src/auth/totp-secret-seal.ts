import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql, type TDatabase, transaction, users } from '@portal/db';

/*
 * TOTP secrets at rest (ASVS 6.2.1, 2.9.x; ADR 026). A database copy (backup, stolen file) must
 * not be enough to compute a user's second factor, so the secret is stored sealed with
 * AES-256-GCM under a key that lives outside the database (`TOTP_ENCRYPTION_KEY`). The user's id
 * is the additional authenticated data: a sealed secret copied onto another row does not open.
 * Format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * The key `npm start` and the tests use when TOTP_ENCRYPTION_KEY is not set. It is public (it is
 * in this file), which is fine for demo data; production refuses to start without its own key.
 */
export const DEVELOPMENT_TOTP_KEY = createHash('sha256')
  .update('e-learning-portal development TOTP key, public')
  .digest();

const aad = (userId: string) => Buffer.from(`totp:${userId}`, 'utf8');

export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`);
}

export function sealTotpSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The base32 secret; throws when the key is not the one it was sealed with, or the row was altered. */
export function openTotpSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, body, tag] = stored.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('a stored TOTP secret is not sealed (v1)');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('a stored TOTP secret does not open with TOTP_ENCRYPTION_KEY (another key, or an altered row)');
  }
}

type TSecretColumn = typeof users.totpSecret | typeof users.totpPendingSecret;

/**
 * Seals the secrets a database from before ADR 026 holds in plain base32, in one transaction, at
 * start-up. Answers how many accounts were sealed (0 on every later start). Each row is written
 * only if it still holds the plain values read, so two processes starting together seal each
 * account once and count it once.
 */
export async function sealPlainTotpSecrets(db: TDatabase, key: Buffer): Promise<number> {
  // `lower()`: `like` ignores ASCII case on SQLite only; sealed values start with lower-case `v1.`.
  const plain = (column: TSecretColumn) => sql`lower(${column}) not like ${`${VERSION}.%`}`;
  // Read committed: each row is sealed by an update conditional on the plain values read.
  return transaction(db, async (tx) => {
    const rows = await tx
      .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
      .from(users)
      .where(or(plain(users.totpSecret), plain(users.totpPendingSecret)));
    let sealed = 0;
    for (const row of rows) {
      const seal = (value: string | null) =>
        value === null || isSealedTotpSecret(value) ? value : sealTotpSecret(key, row.id, value);
      const unchanged = (column: TSecretColumn, value: string | null) =>
        value === null ? isNull(column) : eq(column, value);
      const written = await tx
        .update(users)
        .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
        .where(
          and(
            eq(users.id, row.id),
            unchanged(users.totpSecret, row.secret),
            unchanged(users.totpPendingSecret, row.pending),
          ),
        )
        .returning({ id: users.id });
      sealed += written.length;
    }
    return sealed;
  });
}
