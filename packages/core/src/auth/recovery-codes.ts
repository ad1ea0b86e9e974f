import { and, eq, isNull, type TDb, totpRecoveryCodes } from '@portal/db';
import { hashSecret } from '../tokens.ts';

/** How many recovery codes an enrolment hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I: codes are copied from paper. 10 characters carry 50 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const normalise = (input: string) => input.toUpperCase().replace(/[\s-]/g, '');

/** A recovery code as typed (`K7QM2-XWD9H`, any case, with or without the dash). */
export const looksLikeRecoveryCode = (input: string) => /^[A-HJ-NP-Z2-9]{10}$/.test(normalise(input));

/**
 * New recovery codes for a person, replacing any earlier ones; call inside the transaction that
 * confirms the authenticator. The plain codes are returned once and stored only as SHA-256.
 */
export function issueRecoveryCodes(tx: TDb, userId: string, now = new Date()): string[] {
  tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId)).run();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  for (const code of codes) {
    tx.insert(totpRecoveryCodes)
      .values({ userId, codeHash: hashSecret(normalise(code)), createdAt: now })
      .run();
  }
  return codes;
}

/** Uses up one unused recovery code of the person; false when it is wrong or used. */
export function redeemRecoveryCode(tx: TDb, userId: string, input: string, now = new Date()): boolean {
  if (!looksLikeRecoveryCode(input)) return false;
  const used = tx
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hashSecret(normalise(input))),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .run();
  return used.changes === 1;
}

export function remainingRecoveryCodes(db: TDb, userId: string): number {
  return db
    .select({ id: totpRecoveryCodes.id })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)))
    .all().length;
}

export function deleteRecoveryCodes(tx: TDb, userId: string): void {
  tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId)).run();
}
