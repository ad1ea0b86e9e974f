import { companies, eq, type TDatabase, type TDb } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';

export interface TCompanyPatch {
  companyName?: string;
  street?: string;
  postCode?: string;
  city?: string;
  phoneNumber?: string;
  insuranceNumber?: string;
  employeeCount?: number | null;
}

const columns = {
  id: companies.id,
  companyName: companies.companyName,
  street: companies.street,
  postCode: companies.postCode,
  city: companies.city,
  phoneNumber: companies.phoneNumber,
  insuranceNumber: companies.insuranceNumber,
  employeeCount: companies.employeeCount,
  ownerId: companies.ownerId,
};

/** GET /company/{id}: people of the company (and admins) see its data; anyone else 404. */
export function getCompany(db: TDb, viewer: TSessionUser, id: string) {
  if (viewer.role !== 'admin' && viewer.companyId !== id) throw notFound();
  const company = db.select(columns).from(companies).where(eq(companies.id, id)).get();
  if (!company) throw notFound();
  return company;
}

/** PATCH /company/{id}: the policyholder (or an admin) edits the company data. */
export function updateCompany(
  db: TDatabase,
  viewer: TSessionUser,
  id: string,
  patch: TCompanyPatch,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (viewer.role !== 'admin' && (viewer.role !== 'employer' || viewer.companyId !== id)) throw notFound();
  return db.transaction(
    (tx) => {
      const updated = tx
        .update(companies)
        .set({ ...patch, updatedAt: now })
        .where(eq(companies.id, id))
        .returning(columns)
        .get();
      if (!updated) throw notFound();
      audit(tx, {
        action: 'company.updated',
        actorId: viewer.id,
        actorRole: viewer.role,
        companyId: id,
        ip: meta.ip,
        details: { fields: Object.keys(patch).join(',') },
      });
      return updated;
    },
    { behavior: 'immediate' },
  );
}
