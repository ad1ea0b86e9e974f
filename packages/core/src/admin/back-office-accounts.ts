import { asc, eq, type TDatabase, type TDb, transaction, users } from '@portal/db';
import type { TBackOfficeRole } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertStrongPassword } from '../auth/password-rules.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

/**
 * Accounts of the provider's side (admins, insurers, ADR 035): no company, signed in at
 * /admin/login with two factors, created and removed by admins only.
 */
export async function listBackOfficeAccounts(db: TDb, role: TBackOfficeRole) {
  const accounts = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      createdAt: users.createdAt,
      twoFactor: users.totpSecret,
    })
    .from(users)
    .where(eq(users.role, role))
    .orderBy(asc(users.lastname), asc(users.firstname));
  return accounts.map(({ twoFactor, createdAt, ...account }) => ({
    ...account,
    createdAt: createdAt.toISOString(),
    twoFactorEnabled: twoFactor !== null,
  }));
}

export interface TNewBackOfficeAccount {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/**
 * A new admin or insurer with a password chosen by the creating admin. The new account sets up the
 * authenticator at its first sign-in (DECISIONS.md: two factors for the back office).
 */
export async function createBackOfficeAccount(
  db: TDatabase,
  actor: TSessionUser,
  role: TBackOfficeRole,
  input: TNewBackOfficeAccount,
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
        role,
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
      action: role === 'admin' ? 'admin.created' : 'insurer.created',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: created.id,
      ip: meta.ip,
    });
    return { id: created.id, created: true as const };
  });
}
