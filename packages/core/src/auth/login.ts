import { eq, type TDatabase, type TTransaction, transaction, users } from '@portal/db';
import { isBackOfficeRole, type TRole } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { ATTEMPT_LIMITS, FIRST_LOGIN_TOKEN_MINUTES, TOTP_CHALLENGE_MINUTES } from '../policy.ts';
import { insertOneTimeToken } from './one-time-tokens.ts';
import { verifyPassword } from './password-hash.ts';
import { insertSession, type TSessionInfo } from './sessions.ts';
import { claimAttempt, refundAttempt, type TAttemptClaim } from './throttle.ts';

export type TAudience = 'customer' | 'admin';

export interface TRequestMeta {
  ip: string;
  userAgent?: string;
}

export type TLoginResult =
  | {
      kind: 'session';
      token: string;
      session: TSessionInfo;
      lang: 'de' | 'en';
      /** Right after an authenticator was set up during sign-in: shown once. */
      recoveryCodes?: string[];
    }
  /** The password was a temporary one: the person must set their own at /login/{token}. */
  | { kind: 'first_login'; token: string; email: string }
  /** Password right; now a code from the authenticator app (or, for a new admin, its set-up). */
  | { kind: 'totp_required'; token: string; setupRequired: boolean };

/** The `admin` audience (`/appuser/…`, `/admin/login`) is the back office's: admins and insurers. */
export const audienceAllows = (audience: TAudience, role: TRole) => (audience === 'admin') === isBackOfficeRole(role);

/** The limits a password or code of this account, typed from this address, counts against. */
export const signInClaims = (email: string, ip: string): TAttemptClaim[] => [
  [ATTEMPT_LIMITS.signInAccount, email],
  [ATTEMPT_LIMITS.signInAddress, ip],
];

/**
 * Password sign-in. The attempt is claimed against the account's and the address's limits before
 * the password is checked (throttle.ts), so a burst of guesses cannot slip past the lock while it
 * is being counted. Refused, unknown email, wrong password, blocked account and wrong audience all
 * fail with the same `login.failed` after the same argon2 work, so the answer tells an attacker
 * nothing.
 */
export async function loginWithPassword(
  db: TDatabase,
  input: { email: string; password: string; audience: TAudience },
  meta: TRequestMeta,
  now = new Date(),
): Promise<TLoginResult> {
  const claims = signInClaims(input.email, meta.ip);
  const allowed = await claimAttempt(db, claims, now);
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      locked: users.locked,
      isFirstLogin: users.isFirstLogin,
      lang: users.lang,
      companyId: users.companyId,
      email: users.email,
      totpSecret: users.totpSecret,
    })
    .from(users)
    .where(eq(users.email, input.email));
  // A refused attempt never reaches the account's hash: it is verified against the dummy hash
  // (password-hash.ts), only so that its answer takes as long as any other failure's.
  const passwordOk = await verifyPassword(allowed ? (user?.passwordHash ?? null) : null, input.password);

  const reason = !allowed
    ? 'throttled'
    : !user
      ? 'unknown_email'
      : !passwordOk
        ? 'wrong_password'
        : user.locked
          ? 'blocked'
          : !audienceAllows(input.audience, user.role)
            ? 'wrong_audience'
            : null;

  if (reason !== null || !user) {
    // The attempt was counted when it was claimed; a failure keeps it.
    await transaction(db, (tx) =>
      audit(tx, {
        action: 'login.failure',
        targetId: user?.id ?? null,
        companyId: user?.companyId ?? null,
        ip: meta.ip,
        details: { reason, audience: input.audience },
      }),
    );
    throw new DomainError('UNAUTHORIZED', 'login.failed');
  }

  // Read committed: only inserts of new random tokens and a refund by key; nothing read to decide.
  return transaction(db, async (tx): Promise<TLoginResult> => {
    // A right password gives its attempt back. Earlier failures stay counted for their window, so
    // a right password inside a burst of guesses does not reopen the door for more of them.
    await refundAttempt(tx, claims);
    // Admins and insurers must use two factors (DECISIONS.md, ASVS V4.3.1, ADR 035); others when
    // they turned it on. Each code claims an attempt of its own against the same limits (login-totp.ts).
    if (user.totpSecret || isBackOfficeRole(user.role)) {
      const token = await insertOneTimeToken(tx, {
        kind: 'totp_challenge',
        userId: user.id,
        validForMs: TOTP_CHALLENGE_MINUTES * 60 * 1000,
        now,
      });
      return { kind: 'totp_required', token, setupRequired: !user.totpSecret };
    }
    return finishSignIn(tx, user, meta, now);
  });
}

/**
 * The end of every successful sign-in (after the password, and the code where one is needed):
 * either send the person to set their own password (temporary
 * password) or open a session.
 */
export async function finishSignIn(
  tx: TTransaction,
  user: { id: string; email: string; role: TRole; companyId: string | null; lang: 'de' | 'en'; isFirstLogin: boolean },
  meta: TRequestMeta,
  now: Date,
  details?: Record<string, boolean>,
): Promise<TLoginResult> {
  const entry = {
    action: 'login.success',
    actorId: user.id,
    actorRole: user.role,
    companyId: user.companyId,
    ip: meta.ip,
  } as const;
  if (user.isFirstLogin) {
    const token = await insertOneTimeToken(tx, {
      kind: 'first_login',
      userId: user.id,
      validForMs: FIRST_LOGIN_TOKEN_MINUTES * 60 * 1000,
      now,
    });
    await audit(tx, { ...entry, details: { ...details, firstLogin: true } });
    return { kind: 'first_login', token, email: user.email };
  }
  const { token, session } = await insertSession(tx, {
    userId: user.id,
    role: user.role,
    userAgent: meta.userAgent ?? '',
    now,
  });
  await audit(tx, { ...entry, ...(details && { details }) });
  return { kind: 'session', token, session, lang: user.lang };
}
