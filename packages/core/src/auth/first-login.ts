import { eq, type TDatabase, transaction, users } from '@portal/db';
import { isBackOfficeRole } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import type { TLoginResult, TRequestMeta } from './login.ts';
import { consumeAllTokensOf, findValidToken } from './one-time-tokens.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword, userInputsOf } from './password-rules.ts';
import { insertSession } from './sessions.ts';
import { setNewPassword } from './set-new-password.ts';

/**
 * First login (`/login/{token}`): an invitation or temporary-password link. Sets the person's own
 * password, records the privacy consent, activates the account and signs in (spec §2).
 */
export async function completeFirstLogin(
  db: TDatabase,
  input: { token: string; password: string },
  meta: TRequestMeta,
  now = new Date(),
): Promise<Extract<TLoginResult, { kind: 'session' }>> {
  const invalid = () => new DomainError('BAD_REQUEST', 'change_password.invalid_link');
  const found = await findValidToken(db, input.token, ['invitation', 'first_login'], now);
  // Admins and insurers never get invitations; their temporary passwords lead here only after the
  // TOTP code.
  if (!found || found.locked || (isBackOfficeRole(found.role) && found.kind !== 'first_login')) throw invalid();
  assertStrongPassword(input.password, userInputsOf(found));
  // argon2 runs before the transaction (ADR 028): it must not hold the write connection.
  const passwordHash = await hashPassword(input.password);
  // Read committed: the link is used up by one conditional update before anything is written. Of
  // two racing acceptances (the same link, or two links of one person) the second's update waits
  // for the first, finds no unused link, and throws: one session, and no half-written account.
  return transaction(db, async (tx) => {
    // Uses this link and voids every other open one of the person: they have a password now.
    if (!(await consumeAllTokensOf(tx, found.userId, found.tokenId, now))) throw invalid();
    await setNewPassword(tx, { user: found, passwordHash, now, notify: false });
    await tx.update(users).set({ dataProtectionPolicyAccepted: true }).where(eq(users.id, found.userId));
    await audit(tx, {
      action: 'first_login.completed',
      actorId: found.userId,
      actorRole: found.role,
      companyId: found.companyId,
      ip: meta.ip,
    });
    const { token, session } = await insertSession(tx, {
      userId: found.userId,
      role: found.role,
      userAgent: meta.userAgent ?? '',
      now,
    });
    return { kind: 'session' as const, token, session, lang: found.lang };
  });
}
