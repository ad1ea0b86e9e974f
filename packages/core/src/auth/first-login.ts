import { and, eq, isNull, oneTimeTokens, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import type { TLoginResult, TRequestMeta } from './login.ts';
import { consumeToken, findValidToken } from './one-time-tokens.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword, userInputsOf } from './password-rules.ts';
import { createSession } from './sessions.ts';
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
  const found = findValidToken(db, input.token, ['invitation', 'first_login'], now);
  // Admins never get invitations; their temporary passwords lead here only after the TOTP code.
  if (!found || found.locked || (found.role === 'admin' && found.kind !== 'first_login')) throw invalid();
  assertStrongPassword(input.password, userInputsOf(found));
  const passwordHash = await hashPassword(input.password);
  return db.transaction(
    (tx) => {
      if (!consumeToken(tx, found.tokenId, now)) throw invalid();
      // Any other open invitation for this person is void once they have a password.
      tx.update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.userId, found.userId), isNull(oneTimeTokens.usedAt)))
        .run();
      setNewPassword(tx, { user: found, passwordHash, now, notify: false });
      tx.update(users).set({ dataProtectionPolicyAccepted: true }).where(eq(users.id, found.userId)).run();
      audit(tx, {
        action: 'first_login.completed',
        actorId: found.userId,
        actorRole: found.role,
        companyId: found.companyId,
        ip: meta.ip,
      });
      const { token, session } = createSession(tx, {
        userId: found.userId,
        role: found.role,
        userAgent: meta.userAgent ?? '',
        now,
      });
      return { kind: 'session' as const, token, session, lang: found.lang };
    },
    { behavior: 'immediate' },
  );
}
