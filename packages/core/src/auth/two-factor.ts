import {
  and,
  eq,
  inArray,
  isNull,
  lt,
  or,
  sessions,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { BACK_OFFICE_ROLES, isBackOfficeRole } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import { assertCurrentPassword } from './current-password.ts';
import type { TRequestMeta } from './login.ts';
import { deleteRecoveryCodes, issueRecoveryCodes, remainingRecoveryCodes } from './recovery-codes.ts';
import { acceptedTotpStep, newTotpSecret, type TTotpEnrolment, totpEnrolment } from './totp.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret-seal.ts';

const codeInvalid = () => new DomainError('BAD_REQUEST', 'totp.code_invalid');

async function loadTotpState(db: TDb, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpLastUsedStep: users.totpLastUsedStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/**
 * Records that a TOTP code of `step` was used, in one conditional update: only while the step is
 * newer than the last one used (a code works once) and the secret is still the one the code was
 * checked against. With `settingUp`, the pending secret `sealed` becomes the confirmed one in the
 * same update, only while no secret is confirmed and `sealed` is still the pending one (a secret
 * is confirmed once). False when another request was first (it used this code, or confirmed or
 * replaced the secret): the caller treats the code as wrong.
 */
export async function claimTotpStep(
  tx: TTransaction,
  input: { userId: string; sealed: string; step: number; settingUp: boolean },
): Promise<boolean> {
  const { userId, sealed, step } = input;
  const stepIsNew = or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step));
  const claimed = await tx
    .update(users)
    // The sealed value moves as it is: it is bound to the user, not to the column.
    .set(
      input.settingUp
        ? { totpSecret: sealed, totpPendingSecret: null, totpLastUsedStep: step }
        : { totpLastUsedStep: step },
    )
    .where(
      input.settingUp
        ? and(eq(users.id, userId), isNull(users.totpSecret), eq(users.totpPendingSecret, sealed))
        : and(eq(users.id, userId), eq(users.totpSecret, sealed), stepIsNew),
    )
    .returning({ id: users.id });
  return claimed.length === 1;
}

/**
 * Starts (or resumes) enrolling an authenticator app: a pending secret is stored (sealed with
 * `key`, ADR 026) until the first code confirms it. Resuming keeps the same secret, so a reload
 * shows the same QR code; of two first requests at once, both show the secret that was stored.
 */
export async function beginTotpEnrolment(db: TDatabase, key: Buffer, userId: string): Promise<TTotpEnrolment> {
  const user = await loadTotpState(db, userId);
  if (user.totpSecret) throw new DomainError('CONFLICT', 'totp.already_enabled');
  if (user.totpPendingSecret) return totpEnrolment(openTotpSecret(key, userId, user.totpPendingSecret), user.email);
  const secret = newTotpSecret();
  // Read committed: one conditional update stores the secret only where none is pending or confirmed.
  const stored = await transaction(db, (tx) =>
    tx
      .update(users)
      .set({ totpPendingSecret: sealTotpSecret(key, userId, secret) })
      .where(and(eq(users.id, userId), isNull(users.totpSecret), isNull(users.totpPendingSecret)))
      .returning({ id: users.id }),
  );
  if (stored.length === 1) return totpEnrolment(secret, user.email);
  // Another request stored its secret first: show that one (or refuse if it was confirmed meanwhile).
  const now = await loadTotpState(db, userId);
  if (now.totpSecret || !now.totpPendingSecret) throw new DomainError('CONFLICT', 'totp.already_enabled');
  return totpEnrolment(openTotpSecret(key, userId, now.totpPendingSecret), user.email);
}

/**
 * Confirms the pending secret with a code from the app; from now on sign-in asks for a code.
 * Answers the recovery codes, which are shown once.
 */
export async function confirmTotpEnrolment(
  db: TDatabase,
  key: Buffer,
  userId: string,
  code: string,
  meta: TRequestMeta,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  // Read committed: the confirmation is one conditional update (claimTotpStep); of two racing
  // confirmations the second finds the secret confirmed and fails, so one set of recovery codes.
  return transaction(db, async (tx) => {
    const user = await loadTotpState(tx, userId);
    if (!user.totpPendingSecret || user.totpSecret) throw codeInvalid();
    const step = acceptedTotpStep(openTotpSecret(key, userId, user.totpPendingSecret), code, now, null);
    if (step === null) throw codeInvalid();
    const confirmed = await claimTotpStep(tx, {
      userId,
      sealed: user.totpPendingSecret,
      step,
      settingUp: true,
    });
    if (!confirmed) throw codeInvalid();
    await audit(tx, {
      action: 'totp.enabled',
      actorId: userId,
      actorRole: user.role,
      targetId: userId,
      companyId: user.companyId,
      ip: meta.ip,
    });
    return { recoveryCodes: await issueRecoveryCodes(tx, userId, now) };
  });
}

/** Turns two-factor sign-in off (needs the password). Admins must keep it (DECISIONS.md). */
export async function disableTotp(
  db: TDatabase,
  userId: string,
  currentPassword: string,
  meta: TRequestMeta,
): Promise<void> {
  const user = await loadTotpState(db, userId);
  if (isBackOfficeRole(user.role)) throw new DomainError('FORBIDDEN', 'totp.required_for_admins');
  // argon2 runs before the transaction (ADR 028): it must not hold the write connection.
  await assertCurrentPassword(db, user, currentPassword, meta);
  // Read committed: unconditional writes of one user's rows; a repeat changes nothing more.
  await transaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
      .where(eq(users.id, userId));
    await deleteRecoveryCodes(tx, userId);
    await audit(tx, {
      action: 'totp.disabled',
      actorId: userId,
      actorRole: user.role,
      targetId: userId,
      companyId: user.companyId,
      ip: meta.ip,
    });
  });
}

export async function totpStatus(
  db: TDb,
  userId: string,
): Promise<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }> {
  const user = await loadTotpState(db, userId);
  return {
    enabled: user.totpSecret !== null,
    required: isBackOfficeRole(user.role),
    recoveryCodesLeft: user.totpSecret === null ? 0 : await remainingRecoveryCodes(db, userId),
  };
}

/**
 * An admin or insurer who lost the phone and the recovery codes is reset by an admin (never
 * oneself): the secret and codes go, the sessions end, and the next sign-in sets up a new
 * authenticator.
 */
export async function resetAdminTwoFactor(
  db: TDatabase,
  actor: { id: string; role: string },
  adminId: string,
  meta: TRequestMeta,
): Promise<{ reset: true }> {
  if (actor.role !== 'admin') throw notFound();
  if (actor.id === adminId) throw new DomainError('CONFLICT', 'admins.not_yourself');
  // Read committed: the reset is one update conditional on the role still being of the back office.
  return transaction(db, async (tx) => {
    const reset = await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
      .where(and(eq(users.id, adminId), inArray(users.role, [...BACK_OFFICE_ROLES])))
      .returning({ id: users.id });
    if (reset.length === 0) throw notFound();
    await deleteRecoveryCodes(tx, adminId);
    await tx.delete(sessions).where(eq(sessions.userId, adminId));
    await audit(tx, {
      action: 'totp.disabled',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: adminId,
      ip: meta.ip,
    });
    return { reset: true as const };
  });
}
