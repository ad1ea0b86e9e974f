import { and, asc, count, eq, ne, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertStrongPassword } from '../auth/password-rules.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

/** GET /appuser: the provider's admins. */
export async function listAdmins(db: TDb) {
  const admins = await db
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
    .orderBy(asc(users.lastname), asc(users.firstname));
  return admins.map(({ twoFactor, createdAt, ...admin }) => ({
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
  // argon2 before the transaction: on SQLite a transaction holds the only write connection.
  const passwordHash = await hashPassword(input.password);
  // Read committed: `insert … on conflict (email) do nothing` decides who gets an address that two
  // requests claim at once (ADR 028).
  return transaction(db, async (tx) => {
    const [created] = await tx
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
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw new DomainError('CONFLICT', 'users.email_already_exists');
    await audit(tx, {
      action: 'admin.created',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: created.id,
      ip: meta.ip,
    });
    return { id: created.id, created: true as const };
  });
}

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
