import { avvAcceptances, companies, eq, type TDatabase, transaction, users } from '@portal/db';
import type { TLocale } from '@portal/i18n';
import { audit } from '../audit/audit.ts';
import { DomainError, isUniqueViolation } from '../errors.ts';
import { ATTEMPT_LIMITS, AVV_VERSION } from '../policy.ts';
import type { TLoginResult, TRequestMeta } from './login.ts';
import { hashPassword } from './password-hash.ts';
import { assertStrongPassword } from './password-rules.ts';
import { queueRegistrationConfirmation } from './registration-confirmation.ts';
import { insertSession } from './sessions.ts';
import { claimAttempt } from './throttle.ts';

export interface TRegisterEmployerInput {
  firstname: string;
  lastname: string;
  companyName: string;
  email: string;
  password: string;
}

const emailTaken = () => new DomainError('CONFLICT', 'users.email_already_exists');

/**
 * Registers a policyholder: company, employer account, AVV acceptance record, the confirmation
 * mail and a session (registration signs in, spec §4) in one transaction. The form's checkboxes are checked by the
 * input schema; a registration without them never reaches this function.
 */
export async function registerEmployer(
  db: TDatabase,
  input: TRegisterEmployerInput,
  meta: TRequestMeta & { lang: TLocale; publicUrl: string },
  now = new Date(),
): Promise<Extract<TLoginResult, { kind: 'session' }> & { confirmationToken: string }> {
  assertStrongPassword(input.password, [input.firstname, input.lastname, input.email, input.companyName]);
  // Every registration counts against its address, before the argon2 work (throttle.ts).
  if (!(await claimAttempt(db, [[ATTEMPT_LIMITS.registerAddress, meta.ip]], now))) {
    await transaction(db, (tx) => audit(tx, { action: 'employer.registration_throttled', ip: meta.ip }));
    throw new DomainError('TOO_MANY_REQUESTS', 'errors.TOO_MANY_REQUESTS');
  }
  // Cheap early answer; the unique index below is what actually guarantees it.
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw emailTaken();
  // argon2 runs before the transaction (ADR 028): it must not hold the write connection.
  const passwordHash = await hashPassword(input.password);

  try {
    // Read committed: the unique index on users.email decides between two registrations racing
    // with one address; the loser's insert fails, its whole transaction rolls back (below).
    return await transaction(db, async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken) throw emailTaken();
      const [company] = await tx
        .insert(companies)
        .values({ companyName: input.companyName, createdAt: now, confirmationPendingSince: now })
        .returning({ id: companies.id });
      if (!company) throw new Error('registerEmployer: the company insert returned no row');
      const [user] = await tx
        .insert(users)
        .values({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          role: 'employer',
          passwordHash,
          active: true,
          isFirstLogin: false,
          companyId: company.id,
          dataProtectionPolicyAccepted: true,
          orderProcessingAccepted: true,
          orderProcessingAcceptedAt: now,
          lang: meta.lang,
          passwordChangedAt: now,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('registerEmployer: the user insert returned no row');
      await tx.update(companies).set({ ownerId: user.id }).where(eq(companies.id, company.id));
      await tx.insert(avvAcceptances).values({
        userId: user.id,
        companyId: company.id,
        contractVersion: AVV_VERSION,
        acceptedAt: now,
        sourceIp: meta.ip,
      });
      await audit(tx, {
        action: 'employer.registered',
        actorId: user.id,
        actorRole: 'employer',
        targetId: user.id,
        companyId: company.id,
        ip: meta.ip,
      });
      await audit(tx, {
        action: 'avv.accepted',
        actorId: user.id,
        actorRole: 'employer',
        companyId: company.id,
        ip: meta.ip,
        details: { version: AVV_VERSION },
      });
      // The address is proven by the link in this mail (issue 37); until then the company can
      // edit its own settings but reach nobody else.
      const confirmationToken = await queueRegistrationConfirmation(
        tx,
        { userId: user.id, companyId: company.id, email: input.email, lang: meta.lang, publicUrl: meta.publicUrl },
        now,
      );
      const { token, session } = await insertSession(tx, {
        userId: user.id,
        role: 'employer',
        userAgent: meta.userAgent ?? '',
        now,
      });
      return { kind: 'session' as const, token, session, lang: meta.lang, confirmationToken };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
