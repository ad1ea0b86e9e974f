import { companies, eq, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { eraseCompany } from './erase-company.ts';

/**
 * POST /employee/delete-employer-completely/{id} (DECISIONS.md deletion rule): the policyholder's
 * company with all its people, progress, quiz attempts, assignments, sessions, tokens, AVV
 * records, uploads and mails go in one transaction. Certificates become tombstones (code, dates,
 * reason) so a scanned QR code says "revoked". Audit entries of the company lose every id and
 * address; one entry without personal data records the deletion.
 */
export async function deleteEmployerCompletely(
  db: TDatabase,
  admin: TSessionUser,
  employerId: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (admin.role !== 'admin') throw notFound();
  // Serializable: the company's people are read (as subqueries) and every row naming them is
  // deleted or anonymised; a person, mail or audit entry added by a request at the same moment
  // must not escape that, so PostgreSQL re-runs this when one does (ADR 028).
  return transaction(
    db,
    async (tx) => {
      const [employer] = await tx
        .select({ id: users.id, role: users.role, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, employerId));
      if (employer?.role !== 'employer' || !employer.companyId) throw notFound();
      const companyId = employer.companyId;
      const [owner] = await tx
        .select({ ownerId: companies.ownerId })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (owner?.ownerId !== employer.id) throw new DomainError('CONFLICT', 'admin.not_owner');

      const { people: removedPeople, mails } = await eraseCompany(tx, companyId, now);
      await audit(tx, {
        action: 'company.deleted',
        actorId: admin.id,
        actorRole: admin.role,
        ip: meta.ip,
        details: { people: removedPeople, mails },
      });
      return { deleted: true as const, people: removedPeople };
    },
    { isolation: 'serializable' },
  );
}
