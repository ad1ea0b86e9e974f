import type { TCourseLanguage } from '@portal/content';
import { companies, eq, type TDatabase, transaction } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { certificateRecord, issueOrReuse, type TCertificateRecord } from './certificate-record.ts';
import { companyCertificateAvailability, companyCertificateContent } from './company-certificate.ts';
import { personalEligibility } from './personal-eligibility.ts';

/** The caller's personal certificate: issued once eligible, the same one until something changes. */
export async function issuePersonalCertificate(
  db: TDatabase,
  user: TSessionUser,
  lang: TCourseLanguage,
  now = new Date(),
): Promise<TCertificateRecord> {
  const companyId = user.companyId;
  if (!companyId || user.role === 'admin') throw notFound();
  // Serializable: "is there a current certificate? else insert one" must not run twice side by
  // side; PostgreSQL aborts one of two such issues and it runs again and reuses (issueOrReuse).
  return transaction(
    db,
    async (tx) => {
      const eligibility = await personalEligibility(tx, user.id, lang);
      if (!eligibility.eligible) throw new DomainError('FORBIDDEN', 'certificate.not_yet');
      const [company] = await tx
        .select({ name: companies.companyName })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!company) throw notFound();
      const row = await issueOrReuse(
        tx,
        { kind: 'personal', userId: user.id, companyId },
        {
          kind: 'personal',
          holder: { firstname: user.firstname, lastname: user.lastname },
          companyName: company.name,
          courses: eligibility.certificateCourses,
        },
        now,
      );
      return certificateRecord(row);
    },
    { isolation: 'serializable' },
  );
}

/** The company's proof of insurance, for employer and manager, once available. */
export async function issueCompanyCertificate(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  now = new Date(),
): Promise<TCertificateRecord> {
  if ((actor.role !== 'employer' && actor.role !== 'manager') || actor.companyId !== companyId) throw notFound();
  // Serializable: as for the personal certificate, two issues side by side leave one certificate.
  return transaction(
    db,
    async (tx) => {
      if (!(await companyCertificateAvailability(tx, companyId)).available) {
        throw new DomainError('FORBIDDEN', 'certificate.company_unavailable');
      }
      const content = await companyCertificateContent(tx, companyId);
      const row = await issueOrReuse(tx, { kind: 'company', companyId }, content, now);
      return certificateRecord(row);
    },
    { isolation: 'serializable' },
  );
}
