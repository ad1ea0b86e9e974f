import { companies, eq, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import { assertCurrentPassword } from './current-password.ts';
import type { TRequestMeta } from './login.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword, userInputsOf } from './password-rules.ts';
import { setNewPassword } from './set-new-password.ts';

/** A signed-in person changes their password: needs the current one, ends their other sessions. */
export async function changePassword(
  db: TDatabase,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  const [user] = await db
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
    .where(eq(users.id, input.userId));
  if (!user) throw notFound();
  await assertCurrentPassword(db, user, input.currentPassword, meta, now);
  assertStrongPassword(input.newPassword, userInputsOf(user, user.companyName ?? undefined));
  // argon2 runs before the transaction (ADR 028): it must not hold the write connection.
  const passwordHash = await hashPassword(input.newPassword);
  // Read committed: the new hash is stored by one update conditional on the hash verified above,
  // so of two changes racing with the same current password the second fails and writes nothing.
  await transaction(db, async (tx) => {
    const stored = await setNewPassword(tx, {
      user,
      passwordHash,
      now,
      keepSessionId: input.sessionId,
      ...(user.passwordHash !== null && { previousHash: user.passwordHash }),
    });
    if (!stored) throw new DomainError('BAD_REQUEST', 'change_password.current_password_wrong');
    await audit(tx, {
      action: 'password.changed',
      actorId: user.userId,
      actorRole: user.role,
      targetId: user.userId,
      companyId: user.companyId,
      ip: meta.ip,
    });
  });
}
