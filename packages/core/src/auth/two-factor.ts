import { eq, sessions, type TDatabase, type TDb, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import type { TRequestMeta } from './login.ts';
import { verifyPassword } from './password-hash.ts';
import { deleteRecoveryCodes, issueRecoveryCodes, remainingRecoveryCodes } from './recovery-codes.ts';
import { acceptedTotpStep, newTotpSecret, type TTotpEnrolment, totpEnrolment } from './totp.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret-seal.ts';

const codeInvalid = () => new DomainError('BAD_REQUEST', 'totp.code_invalid');

function loadTotpState(db: TDb, userId: string) {
  const user = db
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
    .where(eq(users.id, userId))
    .get();
  if (!user) throw notFound();
  return user;
}

/**
 * Starts (or resumes) enrolling an authenticator app: a pending secret is stored (sealed with
 * `key`, ADR 026) until the first code confirms it. Resuming keeps the same secret, so a reload
 * shows the same QR code.
 */
export async function beginTotpEnrolment(db: TDatabase, key: Buffer, userId: string): Promise<TTotpEnrolment> {
  const user = loadTotpState(db, userId);
  if (user.totpSecret) throw new DomainError('CONFLICT', 'totp.already_enabled');
  if (user.totpPendingSecret) return totpEnrolment(openTotpSecret(key, userId, user.totpPendingSecret), user.email);
  const secret = newTotpSecret();
  db.update(users)
    .set({ totpPendingSecret: sealTotpSecret(key, userId, secret) })
    .where(eq(users.id, userId))
    .run();
  return totpEnrolment(secret, user.email);
}

/**
 * Confirms the pending secret with a code from the app; from now on sign-in asks for a code.
 * Answers the recovery codes, which are shown once.
 */
export function confirmTotpEnrolment(
  db: TDatabase,
  key: Buffer,
  userId: string,
  code: string,
  meta: TRequestMeta,
  now = new Date(),
): { recoveryCodes: string[] } {
  return db.transaction(
    (tx) => {
      const user = loadTotpState(tx, userId);
      if (!user.totpPendingSecret) throw codeInvalid();
      const step = acceptedTotpStep(openTotpSecret(key, userId, user.totpPendingSecret), code, now, null);
      if (step === null) throw codeInvalid();
      // The sealed value moves as it is: it is bound to the user, not to the column.
      tx.update(users)
        .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastUsedStep: step })
        .where(eq(users.id, userId))
        .run();
      audit(tx, {
        action: 'totp.enabled',
        actorId: userId,
        actorRole: user.role,
        targetId: userId,
        companyId: user.companyId,
        ip: meta.ip,
      });
      return { recoveryCodes: issueRecoveryCodes(tx, userId, now) };
    },
    { behavior: 'immediate' },
  );
}

/** Turns two-factor sign-in off (needs the password). Admins must keep it (DECISIONS.md). */
export async function disableTotp(db: TDatabase, userId: string, currentPassword: string, meta: TRequestMeta) {
  const user = loadTotpState(db, userId);
  if (user.role === 'admin') throw new DomainError('FORBIDDEN', 'totp.required_for_admins');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new DomainError('BAD_REQUEST', 'change_password.current_password_wrong');
  }
  db.transaction((tx) => {
    tx.update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
      .where(eq(users.id, userId))
      .run();
    deleteRecoveryCodes(tx, userId);
    audit(tx, {
      action: 'totp.disabled',
      actorId: userId,
      actorRole: user.role,
      targetId: userId,
      companyId: user.companyId,
      ip: meta.ip,
    });
  });
}

export function totpStatus(
  db: TDatabase,
  userId: string,
): { enabled: boolean; required: boolean; recoveryCodesLeft: number } {
  const user = loadTotpState(db, userId);
  return {
    enabled: user.totpSecret !== null,
    required: user.role === 'admin',
    recoveryCodesLeft: user.totpSecret === null ? 0 : remainingRecoveryCodes(db, userId),
  };
}

/**
 * An admin who lost the phone and the recovery codes is reset by another admin: the secret and
 * codes go, the sessions end, and the next sign-in sets up a new authenticator.
 */
export function resetAdminTwoFactor(
  db: TDatabase,
  actor: { id: string; role: string },
  adminId: string,
  meta: TRequestMeta,
) {
  if (actor.role !== 'admin') throw notFound();
  if (actor.id === adminId) throw new DomainError('CONFLICT', 'admins.not_yourself');
  return db.transaction(
    (tx) => {
      const user = loadTotpState(tx, adminId);
      if (user.role !== 'admin') throw notFound();
      tx.update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpLastUsedStep: null })
        .where(eq(users.id, adminId))
        .run();
      deleteRecoveryCodes(tx, adminId);
      tx.delete(sessions).where(eq(sessions.userId, adminId)).run();
      audit(tx, { action: 'totp.disabled', actorId: actor.id, actorRole: actor.role, targetId: adminId, ip: meta.ip });
      return { reset: true as const };
    },
    { behavior: 'immediate' },
  );
}
