import { companies, eq, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import type { TRequestMeta } from './login.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertStrongPassword, userInputsOf } from './password-rules.ts';
import { setNewPassword } from './set-new-password.ts';

/** A signed-in person changes their password: needs the current one, ends their other sessions. */
export async function changePassword(
  db: TDatabase,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  const user = db
    .select({
      userId: users.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      companyName: companies.companyName,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, input.userId))
    .get();
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new DomainError('BAD_REQUEST', 'change_password.current_password_wrong');
  }
  assertStrongPassword(input.newPassword, userInputsOf(user, user.companyName ?? undefined));
  const passwordHash = await hashPassword(input.newPassword);
  db.transaction(
    (tx) => {
      setNewPassword(tx, { user, passwordHash, now, keepSessionId: input.sessionId });
      audit(tx, {
        action: 'password.changed',
        actorId: user.userId,
        actorRole: user.role,
        targetId: user.userId,
        companyId: user.companyId,
        ip: meta.ip,
      });
    },
    { behavior: 'immediate' },
  );
}
