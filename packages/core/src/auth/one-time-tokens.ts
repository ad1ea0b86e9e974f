import {
  and,
  eq,
  gt,
  inArray,
  isNull,
  oneTimeTokens,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { generateSecret, hashSecret } from '../tokens.ts';

export type TTokenKind = 'invitation' | 'reset' | 'first_login' | 'totp_challenge' | 'email_confirmation';

type TNewToken = { kind: TTokenKind; userId: string; validForMs: number; now?: Date };

/**
 * Creates a single-use token inside the caller's transaction and revokes earlier unused tokens of
 * the same kind for the user (a re-sent invitation voids the first link), except sign-in
 * challenges: two browsers may sign in at once. Returns the token; only its hash is stored.
 */
export async function insertOneTimeToken(tx: TTransaction, input: TNewToken): Promise<string> {
  const now = input.now ?? new Date();
  if (input.kind !== 'totp_challenge') {
    await tx
      .delete(oneTimeTokens)
      .where(
        and(eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.kind, input.kind), isNull(oneTimeTokens.usedAt)),
      );
  }
  const token = generateSecret(32);
  await tx.insert(oneTimeTokens).values({
    kind: input.kind,
    tokenHash: hashSecret(token),
    userId: input.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.validForMs),
  });
  return token;
}

/**
 * `insertOneTimeToken` on its own transaction (tests, tools); given a transaction, it runs as a
 * savepoint in it.
 */
export function createOneTimeToken(db: TDatabase | TTransaction, input: TNewToken): Promise<string> {
  // Read committed: a delete and an insert of a new random token; nothing read first.
  return transaction(db, (tx) => insertOneTimeToken(tx, input));
}

/**
 * The valid, unused token of one of `kinds`, with its user; null otherwise. Only a read: using
 * the token is `consumeToken` (or another conditional update), which decides between racing
 * requests.
 */
export async function findValidToken(db: TDb, token: string, kinds: TTokenKind[], now = new Date()) {
  if (token.length < 20 || token.length > 128) return null;
  const [row] = await db
    .select({
      tokenId: oneTimeTokens.id,
      kind: oneTimeTokens.kind,
      userId: users.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      companyId: users.companyId,
      locked: users.locked,
    })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecret(token)),
        inArray(oneTimeTokens.kind, kinds),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a token used: one conditional update (`… where used_at is null returning id`). Returns
 * false when another request used it first, so a link works once even under concurrent clicks
 * and on PostgreSQL under read committed (the second update waits for the first and then finds
 * the token used).
 */
export async function consumeToken(tx: TTransaction, tokenId: string, now = new Date()): Promise<boolean> {
  const used = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

/**
 * Marks every unused token of a user used, in one conditional update, and answers whether
 * `tokenId` was among them: the first-login link is used up and every other open link of the
 * person voided at once. Of two racing requests (the same link, or two links of one person) only
 * one gets `true`; the other's update waits for it and then finds nothing left.
 */
export async function consumeAllTokensOf(
  tx: TTransaction,
  userId: string,
  tokenId: string,
  now = new Date(),
): Promise<boolean> {
  const used = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.some((row) => row.id === tokenId);
}
