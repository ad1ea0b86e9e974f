import { and, count, eq, ne, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { createBackOfficeAccount, listBackOfficeAccounts, type TNewBackOfficeAccount } from './back-office-accounts.ts';

/** GET /appuser: the provider's admins. */
export const listAdmins = (db: TDb) => listBackOfficeAccounts(db, 'admin');

/**
 * POST /employee/create-admin: a new admin with a password chosen by the creating admin. The
 * new admin sets up the authenticator at the first sign-in (DECISIONS.md: two factors for admins).
 */
export const createAdmin = (
  db: TDatabase,
  actor: TSessionUser,
  input: TNewBackOfficeAccount,
  meta: TRequestMeta,
  now = new Date(),
) => createBackOfficeAccount(db, actor, 'admin', input, meta, now);

/** DELETE /appuser/{id}: nobody deletes themselves, and the last admin stays. */
export async function deleteAdmin(db: TDatabase, actor: TSessionUser, id: string, meta: TRequestMeta) {
  if (actor.role !== 'admin') throw notFound();
  if (actor.id === id) throw new DomainError('CONFLICT', 'admins.not_yourself');
  // Serializable: "another admin remains" is read, then a different row is deleted; two admins
  // deleting each other at once would otherwise both succeed and leave none (write skew, ADR 028).
  return transaction(
    db,
    async (tx) => {
      const [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'admin')));
      if (!target) throw notFound();
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, id)));
      if ((others?.n ?? 0) === 0) throw new DomainError('CONFLICT', 'admins.last_admin');
      await tx.delete(users).where(eq(users.id, id));
      await audit(tx, { action: 'admin.deleted', actorId: actor.id, actorRole: actor.role, targetId: id, ip: meta.ip });
      return { deleted: true as const };
    },
    { isolation: 'serializable' },
  );
}
