import { eq, type TDatabase, users } from '@portal/db';
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
  const target = db
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
    .where(eq(users.id, userId))
    .get();
  if (target?.role !== 'employer') throw notFound();
  assertStrongPassword(password, userInputsOf(target));
  const passwordHash = await hashPassword(password);
  return db.transaction(
    (tx) => {
      setNewPassword(tx, { user: target, passwordHash, now });
      audit(tx, {
        action: 'password.set_by_admin',
        actorId: admin.id,
        actorRole: admin.role,
        targetId: userId,
        companyId: target.companyId,
        ip: meta.ip,
      });
      return { id: userId, passwordSet: true as const };
    },
    { behavior: 'immediate' },
  );
}
