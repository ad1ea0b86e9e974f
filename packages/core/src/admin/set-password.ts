import { eq, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertStrongPassword, userInputsOf } from '../auth/password-rules.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { setNewPassword } from '../auth/set-new-password.ts';
import { notFound } from '../errors.ts';

/**
 * Spec §6: an admin sets a policyholder's password (e.g. on the phone, after checking identity).
 * Same strength rule and same tail as every password change: all sessions end and the person
 * gets the password-changed mail, so a change they did not ask for does not go unnoticed.
 */
export async function adminSetPassword(
  db: TDatabase,
  admin: TSessionUser,
  userId: string,
  password: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (admin.role !== 'admin') throw notFound();
  const [target] = await db
    .select({
      userId: users.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      companyId: users.companyId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (target?.role !== 'employer') throw notFound();
  assertStrongPassword(password, userInputsOf(target));
  // argon2 before the transaction: on SQLite a transaction holds the only write connection.
  const passwordHash = await hashPassword(password);
  // Read committed: one update of the person's row by id; nothing read in here decides a write
  // (ADR 028).
  return transaction(db, async (tx) => {
    // Deleted since it was read above: nobody to set a password for.
    if (!(await setNewPassword(tx, { user: target, passwordHash, now }))) throw notFound();
    await audit(tx, {
      action: 'password.set_by_admin',
      actorId: admin.id,
      actorRole: admin.role,
      targetId: userId,
      companyId: target.companyId,
      ip: meta.ip,
    });
    return { id: userId, passwordSet: true as const };
  });
}
