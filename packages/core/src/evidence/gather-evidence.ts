import type { TCertificateDocument } from '@portal/certificates';
import {
  and,
  avvAcceptances,
  certificates,
  companies,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  type TDb,
  users,
} from '@portal/db';
import type { TLocale } from '@portal/i18n';
import { certificateDocument, certificateRecord, type TCertificateRow } from '../certificates/certificate-record.ts';
import { companyCertificateContent } from '../certificates/company-certificate.ts';
import { notFound } from '../errors.ts';
import {
  completionPercent,
  type TEvidenceAvvAcceptance,
  type TEvidenceFacts,
  type TEvidenceVariant,
} from './evidence-facts.ts';

/** The facts, and the stored certificates the pack adds as PDF files. */
export interface TEvidencePack {
  companyId: string;
  facts: TEvidenceFacts;
  companyCertificate: TCertificateDocument | null;
  /** Employer's pack only (empty in the insurer's). */
  personalCertificates: TCertificateDocument[];
}

export interface TEvidenceOptions {
  variant: TEvidenceVariant;
  lang: TLocale;
  publicUrl: string;
  now?: Date;
}

/**
 * Gathers one company's evidence. Who may ask is decided by the callers (evidence-access.ts);
 * this only reads. The insurer's variant never reads a person's name: the AVV records are read
 * without the users table, and the personal certificates are not read at all.
 */
export async function gatherEvidence(db: TDb, companyId: string, options: TEvidenceOptions): Promise<TEvidencePack> {
  const now = options.now ?? new Date();
  const [company] = await db
    .select({
      name: companies.companyName,
      street: companies.street,
      postCode: companies.postCode,
      city: companies.city,
      policyNumber: companies.insuranceNumber,
      confirmationPending: companies.confirmationPendingSince,
      // The owner's AVV state only, never who the owner is.
      avvAccepted: users.orderProcessingAccepted,
      avvAcceptedAt: users.orderProcessingAcceptedAt,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  // Only a confirmed company with a policy number is a policy the insurer knows (as in its portfolio).
  if (options.variant === 'insurer' && (company.policyNumber === '' || company.confirmationPending)) throw notFound();

  // The same count as a freshly issued proof of insurance: catalog courses, people of the company.
  const content = await companyCertificateContent(db, companyId);
  const courses = content.courses.map((course) => ({
    slug: course.slug,
    title: course.title[options.lang],
    assigned: course.assigned,
    completed: course.completed,
    completionPercent: completionPercent(course.completed, course.assigned),
  }));
  const assigned = courses.reduce((sum, course) => sum + course.assigned, 0);
  const completed = courses.reduce((sum, course) => sum + course.completed, 0);

  const certificate = await newestCompanyCertificate(db, companyId);
  const companyDocument = certificate ? certificateDocument(certificate, options.publicUrl) : null;
  const personal = (options.variant === 'employer' ? await validPersonalCertificates(db, companyId, now) : []).flatMap(
    (row) => {
      const document = certificateDocument(row, options.publicUrl);
      return document ? [{ record: certificateRecord(row), document }] : [];
    },
  );

  const facts: TEvidenceFacts = {
    format: 'evidence-pack/1',
    variant: options.variant,
    language: options.lang,
    generatedAt: now.toISOString(),
    company: {
      name: company.name,
      policyNumber: company.policyNumber === '' ? null : company.policyNumber,
      address: { street: company.street, postCode: company.postCode, city: company.city },
    },
    companyCertificate:
      certificate && companyDocument
        ? {
            code: certificate.code,
            issuedAt: certificate.issuedAt.toISOString(),
            validUntil: certificate.validUntil.toISOString(),
            state: certificate.validUntil.getTime() > now.getTime() ? 'valid' : 'expired',
            verifyUrl: companyDocument.verifyUrl,
          }
        : null,
    courses,
    totals: {
      learners: content.enrolled,
      assigned,
      completed,
      completionPercent: completionPercent(completed, assigned),
    },
    avv: {
      accepted: company.avvAccepted === true,
      acceptedAt: company.avvAccepted ? (company.avvAcceptedAt?.toISOString() ?? null) : null,
      acceptances: await avvRecords(db, companyId, options.variant),
    },
    ...(options.variant === 'employer' && {
      personalCertificates: personal.map(({ record, document }) => ({
        code: record.code,
        holder: record.holder,
        issuedAt: record.issuedAt,
        validUntil: record.validUntil,
        verifyUrl: document.verifyUrl,
      })),
    }),
  };
  return {
    companyId,
    facts,
    companyCertificate: companyDocument,
    personalCertificates: personal.map(({ document }) => document),
  };
}

/** The newest company certificate that is not revoked (the portfolio's choice), expired or not. */
async function newestCompanyCertificate(db: TDb, companyId: string): Promise<TCertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.companyId, companyId),
        eq(certificates.kind, 'company'),
        isNull(certificates.revokedAt),
        isNotNull(certificates.content),
      ),
    )
    .orderBy(desc(certificates.validUntil), desc(certificates.issuedAt))
    .limit(1);
  return row;
}

/**
 * Each current member of staff's newest personal certificate that is valid today. A person may
 * hold several (a new one is issued when their courses change); the newest says the most.
 */
async function validPersonalCertificates(db: TDb, companyId: string, now: Date): Promise<TCertificateRow[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.companyId, companyId),
        eq(certificates.kind, 'personal'),
        isNull(certificates.revokedAt),
        isNotNull(certificates.content),
        gt(certificates.validUntil, now),
        inArray(certificates.userId, db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))),
      ),
    )
    .orderBy(desc(certificates.issuedAt), certificates.code);
  const seen = new Set<string>();
  const newest = rows.filter((row) => {
    if (!row.userId || seen.has(row.userId)) return false;
    seen.add(row.userId);
    return true;
  });
  const holder = (row: TCertificateRow) => certificateRecord(row).holder;
  return newest.sort((x, y) => holder(x).localeCompare(holder(y), 'de') || x.code.localeCompare(y.code));
}

/**
 * The AVV acceptance records, newest first. The insurer's variant leaves the users table out of
 * the query, so no name can reach its pack (ADR 035, "The evidence pack").
 */
async function avvRecords(db: TDb, companyId: string, variant: TEvidenceVariant): Promise<TEvidenceAvvAcceptance[]> {
  if (variant === 'insurer') {
    const rows = await db
      .select({ contractVersion: avvAcceptances.contractVersion, acceptedAt: avvAcceptances.acceptedAt })
      .from(avvAcceptances)
      .where(eq(avvAcceptances.companyId, companyId))
      .orderBy(desc(avvAcceptances.acceptedAt));
    return rows.map((row) => ({
      contractVersion: row.contractVersion,
      acceptedAt: row.acceptedAt.toISOString(),
      acceptedBy: { role: 'policyholder' },
    }));
  }
  const rows = await db
    .select({
      contractVersion: avvAcceptances.contractVersion,
      acceptedAt: avvAcceptances.acceptedAt,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(avvAcceptances)
    .innerJoin(users, eq(users.id, avvAcceptances.userId))
    .where(eq(avvAcceptances.companyId, companyId))
    .orderBy(desc(avvAcceptances.acceptedAt));
  return rows.map((row) => ({
    contractVersion: row.contractVersion,
    acceptedAt: row.acceptedAt.toISOString(),
    acceptedBy: { role: 'policyholder', name: `${row.firstname} ${row.lastname}` },
  }));
}
