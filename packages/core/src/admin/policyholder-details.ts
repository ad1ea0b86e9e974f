import { avvAcceptances, desc, employeeUploads, eq, type TDb, users } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { getCompany } from '../company/company-data.ts';
import { resetStatus } from '../company/reset-company-progress.ts';
import { notFound } from '../errors.ts';

/**
 * `/admin/policyholders/{id}`: the policyholder with everything an admin needs on one page —
 * account state, the company, the AVV acceptance record, upload history and the reset state. The
 * company's people come page by page through `admin.companyStaff`.
 */
export async function policyholderDetails(db: TDb, admin: TSessionUser, employerId: string, now = new Date()) {
  if (admin.role !== 'admin') throw notFound();
  const [employer] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      salutation: users.salutation,
      phoneNumber: users.phoneNumber,
      lang: users.lang,
      active: users.active,
      locked: users.locked,
      avvAccepted: users.orderProcessingAccepted,
      avvAcceptedAt: users.orderProcessingAcceptedAt,
      totpSecret: users.totpSecret,
      createdAt: users.createdAt,
      role: users.role,
      companyId: users.companyId,
    })
    .from(users)
    .where(eq(users.id, employerId));
  if (employer?.role !== 'employer' || !employer.companyId) throw notFound();
  const companyId = employer.companyId;
  const company = await getCompany(db, admin, companyId);

  const avvRecords = await db
    .select({
      contractVersion: avvAcceptances.contractVersion,
      acceptedAt: avvAcceptances.acceptedAt,
      sourceIp: avvAcceptances.sourceIp,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(avvAcceptances)
    .leftJoin(users, eq(users.id, avvAcceptances.userId))
    .where(eq(avvAcceptances.companyId, companyId))
    .orderBy(desc(avvAcceptances.acceptedAt));
  const uploads = await db
    .select({
      id: employeeUploads.id,
      filename: employeeUploads.filename,
      validCount: employeeUploads.validCount,
      invalidCount: employeeUploads.invalidCount,
      status: employeeUploads.status,
      createdAt: employeeUploads.createdAt,
      processedAt: employeeUploads.processedAt,
    })
    .from(employeeUploads)
    .where(eq(employeeUploads.companyId, companyId))
    .orderBy(desc(employeeUploads.createdAt));

  const { totpSecret, createdAt, avvAcceptedAt, role: _role, companyId: _companyId, ...account } = employer;
  return {
    employer: {
      ...account,
      twoFactorEnabled: totpSecret !== null,
      avvAcceptedAt: avvAcceptedAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    },
    company,
    avvRecords: avvRecords.map((record) => ({
      contractVersion: record.contractVersion,
      acceptedAt: record.acceptedAt.toISOString(),
      sourceIp: record.sourceIp,
      acceptedBy: record.firstname ? `${record.firstname} ${record.lastname}` : null,
    })),
    uploads: uploads.map((upload) => ({
      ...upload,
      createdAt: upload.createdAt.toISOString(),
      processedAt: upload.processedAt?.toISOString() ?? null,
    })),
    reset: await resetStatus(db, companyId, now),
  };
}
