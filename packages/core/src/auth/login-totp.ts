import { eq, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import {
  audienceAllows,
  finishSignIn,
  signInClaims,
  type TAudience,
  type TLoginResult,
  type TRequestMeta,
} from './login.ts';
import { consumeToken, findValidToken } from './one-time-tokens.ts';
import { issueRecoveryCodes, looksLikeRecoveryCode, redeemRecoveryCode } from './recovery-codes.ts';
import { claimAttempt, refundAttempt } from './throttle.ts';
import { acceptedTotpStep, type TTotpEnrolment } from './totp.ts';
import { openTotpSecret } from './totp-secret-seal.ts';
import { beginTotpEnrolment, claimTotpStep } from './two-factor.ts';

const challengeExpired = () => new DomainError('UNAUTHORIZED', 'totp.challenge_expired');

async function validChallenge(db: TDatabase, challengeToken: string, audience: TAudience, now: Date) {
  const found = await findValidToken(db, challengeToken, ['totp_challenge'], now);
  if (!found || found.locked || !audienceAllows(audience, found.role)) throw challengeExpired();
  return found;
}

/** A new admin's or insurer's first sign-in: the QR code to scan, between password and first code. */
export async function totpEnrolmentForChallenge(
  db: TDatabase,
  key: Buffer,
  input: { challengeToken: string; audience: TAudience },
  now = new Date(),
): Promise<TTotpEnrolment> {
  const challenge = await validChallenge(db, input.challengeToken, input.audience, now);
  return beginTotpEnrolment(db, key, challenge.userId);
}

/**
 * Second step of sign-in: the code from the authenticator app, or one of the recovery codes
 * (lost phone). A wrong code counts as a failed sign-in (10 lock the account); a code is accepted
 * once. Each code claims an attempt against the account's and the address's limits before it is
 * checked (throttle.ts); a right one gives it back. For an admin still setting up, the first right
 * code also confirms the new secret and the answer carries the recovery codes, shown once.
 *
 * The code is checked against the secret before the transaction; inside it, the code is claimed
 * by one conditional update (the TOTP step must still be newer than the last one used, a recovery
 * code still unused), then the challenge by another. Of two requests racing with the same code,
 * the second's claim finds it used and counts as a wrong code; of two with the same challenge,
 * the second finds the challenge used and everything it claimed is rolled back.
 */
export async function loginWithTotp(
  db: TDatabase,
  key: Buffer,
  input: { challengeToken: string; code: string; audience: TAudience },
  meta: TRequestMeta,
  now = new Date(),
): Promise<TLoginResult> {
  const challenge = await validChallenge(db, input.challengeToken, input.audience, now);
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
      lang: users.lang,
      isFirstLogin: users.isFirstLogin,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpLastUsedStep: users.totpLastUsedStep,
    })
    .from(users)
    .where(eq(users.id, challenge.userId));
  if (!user) throw new DomainError('UNAUTHORIZED', 'login.failed');
  // The code's attempt is claimed before the code is looked at, like a password's (login.ts).
  const claims = signInClaims(user.email, meta.ip);
  if (!(await claimAttempt(db, claims, now))) {
    await transaction(db, (tx) =>
      audit(tx, {
        action: 'login.failure',
        targetId: user.id,
        companyId: user.companyId,
        ip: meta.ip,
        details: { reason: 'throttled', audience: input.audience },
      }),
    );
    throw new DomainError('UNAUTHORIZED', 'login.failed');
  }

  const sealed = user.totpSecret ?? user.totpPendingSecret;
  const settingUp = user.totpSecret === null;
  // A recovery code only stands in for a confirmed authenticator, never for its set-up.
  const recovery = !settingUp && looksLikeRecoveryCode(input.code);
  const step =
    sealed && !recovery
      ? acceptedTotpStep(openTotpSecret(key, user.id, sealed), input.code, now, user.totpLastUsedStep)
      : null;

  // Read committed: the code, the recovery code and the challenge are each claimed by one
  // conditional update with `returning` (zero rows: another request was first).
  const result = await transaction(db, async (tx): Promise<TLoginResult | null> => {
    const accepted =
      step !== null && sealed !== null
        ? await claimTotpStep(tx, { userId: user.id, sealed, step, settingUp })
        : recovery && (await redeemRecoveryCode(tx, user.id, input.code, now));
    if (!accepted) {
      // The attempt was counted when it was claimed; a wrong code keeps it.
      await audit(tx, {
        action: 'login.failure',
        targetId: user.id,
        companyId: user.companyId,
        ip: meta.ip,
        details: { reason: 'totp_code', audience: input.audience },
      });
      return null;
    }
    if (!(await consumeToken(tx, challenge.tokenId, now))) throw challengeExpired();
    await refundAttempt(tx, claims);
    if (recovery) {
      await audit(tx, {
        action: 'totp.recovery_code_used',
        actorId: user.id,
        actorRole: user.role,
        targetId: user.id,
        companyId: user.companyId,
        ip: meta.ip,
      });
    }
    if (settingUp) {
      await audit(tx, {
        action: 'totp.enabled',
        actorId: user.id,
        actorRole: user.role,
        targetId: user.id,
        companyId: user.companyId,
        ip: meta.ip,
      });
    }
    const signedIn = await finishSignIn(tx, user, meta, now, { totp: true });
    return settingUp && signedIn.kind === 'session'
      ? { ...signedIn, recoveryCodes: await issueRecoveryCodes(tx, user.id, now) }
      : signedIn;
  });
  // The failure was committed above; the answer is the same as for any wrong code.
  if (result === null) throw new DomainError('UNAUTHORIZED', 'totp.code_invalid');
  return result;
}
