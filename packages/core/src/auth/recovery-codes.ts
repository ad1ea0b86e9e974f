import { and, eq, isNull, type TDb, type TTransaction, totpRecoveryCodes } from '@portal/db';
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
export async function issueRecoveryCodes(tx: TTransaction, userId: string, now = new Date()): Promise<string[]> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx
    .insert(totpRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashSecret(normalise(code)), createdAt: now })));
  return codes;
}

/**
 * Uses up one unused recovery code of the person; false when it is wrong or used. One conditional
 * update (`… where used_at is null returning id`): of two requests racing with the same code, the
 * second waits for the first and then finds it used (PostgreSQL, read committed).
 */
export async function redeemRecoveryCode(
  tx: TTransaction,
  userId: string,
  input: string,
  now = new Date(),
): Promise<boolean> {
  if (!looksLikeRecoveryCode(input)) return false;
  const used = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hashSecret(normalise(input))),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used.length === 1;
}

export async function remainingRecoveryCodes(db: TDb, userId: string): Promise<number> {
  return db.$count(totpRecoveryCodes, and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
}

export async function deleteRecoveryCodes(tx: TTransaction, userId: string): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
}
