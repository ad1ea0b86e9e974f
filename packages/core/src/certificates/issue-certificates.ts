import type { TCourseLanguage } from '@portal/content';
import { companies, eq, type TDatabase } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { certificateRecord, issueOrReuse } from './certificate-record.ts';
import { companyCertificateAvailability, companyCertificateContent } from './company-certificate.ts';
import { personalEligibility } from './personal-eligibility.ts';

/** The caller's personal certificate: issued once eligible, the same one until something changes. */
export function issuePersonalCertificate(db: TDatabase, user: TSessionUser, lang: TCourseLanguage, now = new Date()) {
  const companyId = user.companyId;
  if (!companyId || user.role === 'admin') throw notFound();
  return db.transaction(
    (tx) => {
      const eligibility = personalEligibility(tx, user.id, lang);
      if (!eligibility.eligible) throw new DomainError('FORBIDDEN', 'certificate.not_yet');
      const company = tx
        .select({ name: companies.companyName })
        .from(companies)
        .where(eq(companies.id, companyId))
        .get();
      if (!company) throw notFound();
      const row = issueOrReuse(
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
    { behavior: 'immediate' },
  );
}

/** The company's proof of insurance, for employer and manager, once available. */
export function issueCompanyCertificate(db: TDatabase, actor: TSessionUser, companyId: string, now = new Date()) {
  if ((actor.role !== 'employer' && actor.role !== 'manager') || actor.companyId !== companyId) throw notFound();
  return db.transaction(
    (tx) => {
      if (!companyCertificateAvailability(tx, companyId).available) {
        throw new DomainError('FORBIDDEN', 'certificate.company_unavailable');
      }
      const row = issueOrReuse(tx, { kind: 'company', companyId }, companyCertificateContent(tx, companyId), now);
      return certificateRecord(row);
    },
    { behavior: 'immediate' },
  );
}
