import { and, companies, eq, type TDatabase, type TDb, transaction } from '@portal/db';
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

// A function, not a constant: the tables are bound when the database opens (ADR 028).
const columns = () => ({
  id: companies.id,
  companyName: companies.companyName,
  street: companies.street,
  postCode: companies.postCode,
  city: companies.city,
  phoneNumber: companies.phoneNumber,
  insuranceNumber: companies.insuranceNumber,
  employeeCount: companies.employeeCount,
  ownerId: companies.ownerId,
});

/** GET /company/{id}: people of the company (and admins) see its data; anyone else 404. */
export async function getCompany(db: TDb, viewer: TSessionUser, id: string) {
  if (viewer.role !== 'admin' && viewer.companyId !== id) throw notFound();
  const [company] = await db.select(columns()).from(companies).where(eq(companies.id, id));
  if (!company) throw notFound();
  return company;
}

/** PATCH /company/{id}: the policyholder (or an admin) edits the company data. */
export async function updateCompany(
  db: TDatabase,
  viewer: TSessionUser,
  id: string,
  patch: TCompanyPatch,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (viewer.role !== 'admin' && (viewer.role !== 'employer' || viewer.companyId !== id)) throw notFound();
  // Read committed: one conditional update (ADR 028). A policyholder edits only while they still
  // own the company: a former one whose handover committed first gets 404, never a late write.
  return transaction(db, async (tx) => {
    const [updated] = await tx
      .update(companies)
      .set({ ...patch, updatedAt: now })
      .where(
        viewer.role === 'admin' ? eq(companies.id, id) : and(eq(companies.id, id), eq(companies.ownerId, viewer.id)),
      )
      .returning(columns());
    if (!updated) throw notFound();
    await audit(tx, {
      action: 'company.updated',
      actorId: viewer.id,
      actorRole: viewer.role,
      companyId: id,
      ip: meta.ip,
      details: { fields: Object.keys(patch).join(',') },
    });
    return updated;
  });
}
