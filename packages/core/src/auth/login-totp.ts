import { eq, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { finishSignIn, type TAudience, type TLoginResult, type TRequestMeta } from './login.ts';
import { consumeToken, findValidToken } from './one-time-tokens.ts';
import { issueRecoveryCodes, looksLikeRecoveryCode, redeemRecoveryCode } from './recovery-codes.ts';
import { isLoginLocked, recordLoginFailure } from './throttle.ts';
import { acceptedTotpStep, type TTotpEnrolment } from './totp.ts';
import { openTotpSecret } from './totp-secret-seal.ts';
import { beginTotpEnrolment } from './two-factor.ts';

const challengeExpired = () => new DomainError('UNAUTHORIZED', 'totp.challenge_expired');

function validChallenge(db: TDatabase, challengeToken: string, audience: TAudience, now: Date) {
  const found = findValidToken(db, challengeToken, ['totp_challenge'], now);
  if (!found || found.locked || (audience === 'admin') !== (found.role === 'admin')) throw challengeExpired();
  return found;
}

/** A new admin's first sign-in: the QR code to scan, between password and first code. */
export function totpEnrolmentForChallenge(
  db: TDatabase,
  key: Buffer,
  input: { challengeToken: string; audience: TAudience },
  now = new Date(),
): Promise<TTotpEnrolment> {
  const challenge = validChallenge(db, input.challengeToken, input.audience, now);
  return beginTotpEnrolment(db, key, challenge.userId);
}

/**
 * Second step of sign-in: the code from the authenticator app, or one of the recovery codes
 * (lost phone). A wrong code counts as a failed sign-in (10 lock the account); a code is accepted
 * once. For an admin still setting up, the first right code also confirms the new secret and the
 * answer carries the recovery codes, shown once.
 */
export function loginWithTotp(
  db: TDatabase,
  key: Buffer,
  input: { challengeToken: string; code: string; audience: TAudience },
  meta: TRequestMeta,
  now = new Date(),
): TLoginResult {
  const challenge = validChallenge(db, input.challengeToken, input.audience, now);
  const user = db
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
    .where(eq(users.id, challenge.userId))
    .get();
  if (!user || isLoginLocked(db, user.email, meta.ip, now)) throw new DomainError('UNAUTHORIZED', 'login.failed');

  const sealed = user.totpSecret ?? user.totpPendingSecret;
  // A recovery code only stands in for a confirmed authenticator, never for its set-up.
  const recovery = user.totpSecret !== null && looksLikeRecoveryCode(input.code);
  const step =
    sealed && !recovery
      ? acceptedTotpStep(openTotpSecret(key, user.id, sealed), input.code, now, user.totpLastUsedStep)
      : null;
  const redeemed =
    recovery && db.transaction((tx) => redeemRecoveryCode(tx, user.id, input.code, now), { behavior: 'immediate' });
  if (step === null && !redeemed) {
    db.transaction(
      (tx) => {
        recordLoginFailure(tx, user.email, meta.ip, now);
        audit(tx, {
          action: 'login.failure',
          targetId: user.id,
          companyId: user.companyId,
          ip: meta.ip,
          details: { reason: 'totp_code', audience: input.audience },
        });
      },
      { behavior: 'immediate' },
    );
    throw new DomainError('UNAUTHORIZED', 'totp.code_invalid');
  }

  return db.transaction(
    (tx) => {
      if (!consumeToken(tx, challenge.tokenId, now)) throw challengeExpired();
      const settingUp = user.totpSecret === null;
      if (step !== null) {
        tx.update(users)
          .set(
            settingUp
              ? { totpSecret: sealed, totpPendingSecret: null, totpLastUsedStep: step }
              : { totpLastUsedStep: step },
          )
          .where(eq(users.id, user.id))
          .run();
      }
      if (redeemed) {
        audit(tx, {
          action: 'totp.recovery_code_used',
          actorId: user.id,
          actorRole: user.role,
          targetId: user.id,
          companyId: user.companyId,
          ip: meta.ip,
        });
      }
      if (settingUp) {
        audit(tx, {
          action: 'totp.enabled',
          actorId: user.id,
          actorRole: user.role,
          targetId: user.id,
          companyId: user.companyId,
          ip: meta.ip,
        });
      }
      const result = finishSignIn(tx, user, meta, now, { totp: true });
      return settingUp && result.kind === 'session'
        ? { ...result, recoveryCodes: issueRecoveryCodes(tx, user.id, now) }
        : result;
    },
    { behavior: 'immediate' },
  );
}
