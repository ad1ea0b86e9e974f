import { and, eq, gt, inArray, isNull, oneTimeTokens, type TDb, users } from '@portal/db';
import { generateSecret, hashSecret } from '../tokens.ts';

export type TTokenKind = 'invitation' | 'reset' | 'first_login' | 'totp_challenge';

/**
 * Creates a single-use token and revokes earlier unused tokens of the same kind for the user (a
 * re-sent invitation voids the first link), except sign-in challenges: two browsers may sign in
 * at once. Returns the token; only its hash is stored.
 */
export function createOneTimeToken(
  db: TDb,
  input: { kind: TTokenKind; userId: string; validForMs: number; now?: Date },
): string {
  const now = input.now ?? new Date();
  if (input.kind !== 'totp_challenge') {
    db.delete(oneTimeTokens)
      .where(
        and(eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.kind, input.kind), isNull(oneTimeTokens.usedAt)),
      )
      .run();
  }
  const token = generateSecret(32);
  db.insert(oneTimeTokens)
    .values({
      kind: input.kind,
      tokenHash: hashSecret(token),
      userId: input.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.validForMs),
    })
    .run();
  return token;
}

/** The valid, unused token of one of `kinds`, with its user; null otherwise. */
export function findValidToken(db: TDb, token: string, kinds: TTokenKind[], now = new Date()) {
  if (token.length < 20 || token.length > 128) return null;
  return (
    db
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
      .get() ?? null
  );
}

/**
 * Marks a token used. Returns false when another request used it first, so a link works once
 * even under concurrent clicks.
 */
export function consumeToken(db: TDb, tokenId: string, now = new Date()): boolean {
  const result = db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
    .run();
  return result.changes === 1;
}
