import { eq, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { finishSignIn, type TAudience, type TLoginResult, type TRequestMeta } from './login.ts';
import { consumeToken, findValidToken } from './one-time-tokens.ts';
import { isLoginLocked, recordLoginFailure } from './throttle.ts';
import { acceptedTotpStep, type TTotpEnrolment } from './totp.ts';
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
  input: { challengeToken: string; audience: TAudience },
  now = new Date(),
): Promise<TTotpEnrolment> {
  const challenge = validChallenge(db, input.challengeToken, input.audience, now);
  return beginTotpEnrolment(db, challenge.userId);
}

/**
 * Second step of sign-in: the code from the authenticator app. A wrong code counts as a failed
 * sign-in (10 lock the account); a code is accepted once. For an admin still setting up, the
 * first right code also confirms the new secret.
 */
export function loginWithTotp(
  db: TDatabase,
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

  const secret = user.totpSecret ?? user.totpPendingSecret;
  const step = secret ? acceptedTotpStep(secret, input.code, now, user.totpLastUsedStep) : null;
  if (step === null) {
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
      tx.update(users)
        .set(
          settingUp
            ? { totpSecret: secret, totpPendingSecret: null, totpLastUsedStep: step }
            : { totpLastUsedStep: step },
        )
        .where(eq(users.id, user.id))
        .run();
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
      return finishSignIn(tx, user, meta, now, { totp: true });
    },
    { behavior: 'immediate' },
  );
}
