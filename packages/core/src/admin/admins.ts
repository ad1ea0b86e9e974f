import { and, asc, count, eq, ne, type TDatabase, type TDb, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertStrongPassword } from '../auth/password-rules.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

/** GET /appuser: the provider's admins. */
export function listAdmins(db: TDb) {
  return db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      createdAt: users.createdAt,
      twoFactor: users.totpSecret,
    })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.lastname), asc(users.firstname))
    .all()
    .map(({ twoFactor, createdAt, ...admin }) => ({
      ...admin,
      createdAt: createdAt.toISOString(),
      twoFactorEnabled: twoFactor !== null,
    }));
}

/**
 * POST /employee/create-admin: a new admin with a password chosen by the creating admin. The
 * new admin sets up the authenticator at the first sign-in (DECISIONS.md: two factors for admins).
 */
export async function createAdmin(
  db: TDatabase,
  actor: TSessionUser,
  input: { firstname: string; lastname: string; email: string; password: string },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'admin') throw notFound();
  assertStrongPassword(input.password, [input.firstname, input.lastname, input.email]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(
    (tx) => {
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken) throw new DomainError('CONFLICT', 'users.email_already_exists');
      const created = tx
        .insert(users)
        .values({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          role: 'admin',
          passwordHash,
          active: true,
          isFirstLogin: false,
          dataProtectionPolicyAccepted: true,
          passwordChangedAt: now,
          createdAt: now,
        })
        .returning({ id: users.id })
        .get();
      audit(tx, {
        action: 'admin.created',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: created.id,
        ip: meta.ip,
      });
      return { id: created.id, created: true as const };
    },
    { behavior: 'immediate' },
  );
}

/** DELETE /appuser/{id}: nobody deletes themselves, and the last admin stays. */
export function deleteAdmin(db: TDatabase, actor: TSessionUser, id: string, meta: TRequestMeta) {
  if (actor.role !== 'admin') throw notFound();
  if (actor.id === id) throw new DomainError('CONFLICT', 'admins.not_yourself');
  return db.transaction(
    (tx) => {
      const target = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'admin')))
        .get();
      if (!target) throw notFound();
      const others = tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, id)))
        .get();
      if ((others?.n ?? 0) === 0) throw new DomainError('CONFLICT', 'admins.last_admin');
      tx.delete(users).where(eq(users.id, id)).run();
      audit(tx, { action: 'admin.deleted', actorId: actor.id, actorRole: actor.role, targetId: id, ip: meta.ip });
      return { deleted: true as const };
    },
    { behavior: 'immediate' },
  );
}
