import { and, desc, eq, gt, oneTimeTokens, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ATTEMPT_LIMITS, RESET_TOKEN_MINUTES } from '../policy.ts';
import { audienceAllows, type TAudience, type TRequestMeta } from './login.ts';
import { consumeToken, findValidToken, insertOneTimeToken } from './one-time-tokens.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword, userInputsOf } from './password-rules.ts';
import { setNewPassword } from './set-new-password.ts';
import { claimAttempt, type TAttemptClaim } from './throttle.ts';

/** One reset mail per account per minute: enough for a typo, useless for mail bombing. */
const RESET_REQUEST_INTERVAL_MS = 60 * 1000;

/**
 * Starts a password reset. Answers the same whether the email exists or not (DECISIONS.md);
 * a mail with a 60-minute single-use link goes out only for an existing, active account of the
 * right audience.
 */
export async function requestPasswordReset(
  db: TDatabase,
  input: { email: string; audience: TAudience; publicUrl: string },
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  // Counted before anything is looked up, per email and per address (throttle.ts); over the limit
  // nothing is sent, and the answer stays the same, so it tells nothing about the account.
  const claims: TAttemptClaim[] = [
    [ATTEMPT_LIMITS.resetAccount, input.email],
    [ATTEMPT_LIMITS.resetAddress, meta.ip],
  ];
  if (!(await claimAttempt(db, claims, now))) {
    await transaction(db, (tx) =>
      audit(tx, { action: 'password.reset_throttled', ip: meta.ip, details: { audience: input.audience } }),
    );
    return;
  }
  // Serializable: "no reset link in the last minute, so create one" reads, then inserts. Two
  // requests at once would both see none under read committed and send two mails; PostgreSQL
  // aborts one of them, and its re-run finds the other's link. The mail is an outbox row.
  await transaction(
    db,
    async (tx) => {
      const [user] = await tx
        .select({
          id: users.id,
          role: users.role,
          firstname: users.firstname,
          lastname: users.lastname,
          lang: users.lang,
          companyId: users.companyId,
          active: users.active,
          locked: users.locked,
        })
        .from(users)
        .where(eq(users.email, input.email));
      if (!user?.active || user.locked) return;
      if (!audienceAllows(input.audience, user.role)) return;
      const [recent] = await tx
        .select({ createdAt: oneTimeTokens.createdAt })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, user.id),
            eq(oneTimeTokens.kind, 'reset'),
            gt(oneTimeTokens.createdAt, new Date(now.getTime() - RESET_REQUEST_INTERVAL_MS)),
          ),
        )
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1);
      if (recent) return;

      const token = await insertOneTimeToken(tx, {
        kind: 'reset',
        userId: user.id,
        validForMs: RESET_TOKEN_MINUTES * 60 * 1000,
        now,
      });
      const path = input.audience === 'admin' ? '/admin/recovery-password/' : '/recovery-password/';
      await enqueueMail(
        tx,
        {
          to: input.email,
          lang: user.lang,
          userId: user.id,
          companyId: user.companyId,
          mail: {
            template: 'reset',
            params: { name: `${user.firstname} ${user.lastname}`, link: `${input.publicUrl}${path}${token}` },
          },
        },
        now,
      );
      await audit(tx, {
        action: 'password.reset_requested',
        targetId: user.id,
        companyId: user.companyId,
        ip: meta.ip,
      });
    },
    { isolation: 'serializable' },
  );
}

/** Sets a new password from a reset link. The link works once; every session of the user ends. */
export async function resetPasswordWithToken(
  db: TDatabase,
  input: { token: string; newPassword: string; audience: TAudience },
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  const invalid = () => new DomainError('BAD_REQUEST', 'recovery_password.invalid_link');
  const found = await findValidToken(db, input.token, ['reset'], now);
  if (!found || found.locked || !audienceAllows(input.audience, found.role)) throw invalid();
  assertStrongPassword(input.newPassword, userInputsOf(found));
  // argon2 runs before the transaction (ADR 028): it must not hold the write connection.
  const passwordHash = await hashPassword(input.newPassword);
  // Read committed: consumeToken is one conditional update; the loser of a race writes nothing.
  await transaction(db, async (tx) => {
    if (!(await consumeToken(tx, found.tokenId, now))) throw invalid();
    await setNewPassword(tx, { user: found, passwordHash, now });
    await audit(tx, {
      action: 'password.reset',
      actorId: found.userId,
      actorRole: found.role,
      targetId: found.userId,
      companyId: found.companyId,
      ip: meta.ip,
    });
  });
}
