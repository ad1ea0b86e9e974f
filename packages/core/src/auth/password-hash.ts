import { hash, hashSync, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP parameters (m=19456 KiB, t=2, p=1). Argon2id is the library's default
 * algorithm; the numbers are spelled out so a reviewer need not look them up.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Synchronous variant for seeding and scripts, where nothing else waits on the event loop. */
export function hashPasswordSync(password: string): string {
  return hashSync(password, OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist. */
let dummyHash: string | undefined;

/**
 * Verifies a password. With `storedHash` null (unknown account, no password yet) it still runs a
 * full verification against a dummy hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= await hash(crypto.randomUUID(), OPTIONS);
    await verify(dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
