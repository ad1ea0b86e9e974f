import { type TCertificateContent, type TCertificateDocument, ZCertificateContent } from '@portal/certificates';
import { and, certificates, desc, eq, gt, isNull, type TDb } from '@portal/db';
import { certificateValidUntil, newCertificateCode, verifyUrl } from './verification-code.ts';

export type TCertificateRow = typeof certificates.$inferSelect;

/**
 * What procedures return about a certificate to its holder: code, dates and whom it names (the
 * page shows the preview image for the rest).
 */
export interface TCertificateRecord {
  code: string;
  kind: 'personal' | 'company';
  issuedAt: string;
  validUntil: string;
  holder: string;
}

export function certificateRecord(row: TCertificateRow): TCertificateRecord {
  const content = row.content ? ZCertificateContent.parse(JSON.parse(row.content)) : null;
  const holder = !content
    ? ''
    : content.kind === 'personal'
      ? `${content.holder.firstname} ${content.holder.lastname}`
      : content.company.name;
  return {
    code: row.code,
    kind: row.kind,
    issuedAt: row.issuedAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    holder,
  };
}

/**
 * Issues a certificate, or hands back the current one when nothing it states has changed: the
 * newest unrevoked, unexpired certificate of the same holder whose content is identical. So
 * opening the page twice gives the same code, and a new code means new facts. Call inside an
 * immediate transaction, so two clicks cannot issue twice.
 */
export function issueOrReuse(
  tx: TDb,
  holder: { kind: 'personal'; userId: string; companyId: string } | { kind: 'company'; companyId: string },
  content: TCertificateContent,
  now: Date,
): TCertificateRow {
  const json = JSON.stringify(content);
  const owner =
    holder.kind === 'personal' ? eq(certificates.userId, holder.userId) : eq(certificates.companyId, holder.companyId);
  const current = tx
    .select()
    .from(certificates)
    .where(
      and(owner, eq(certificates.kind, holder.kind), isNull(certificates.revokedAt), gt(certificates.validUntil, now)),
    )
    .orderBy(desc(certificates.issuedAt))
    .limit(1)
    .get();
  if (current && current.content === json) return current;
  return insertCertificate(tx, holder, content, now);
}

/** A new certificate with a fresh code (the unique index makes a clash an error, not a merge). */
export function insertCertificate(
  tx: TDb,
  holder: { kind: 'personal' | 'company'; userId?: string; companyId: string },
  content: TCertificateContent,
  now: Date,
  code = newCertificateCode(),
): TCertificateRow {
  return tx
    .insert(certificates)
    .values({
      code,
      kind: holder.kind,
      userId: holder.kind === 'personal' ? holder.userId : null,
      companyId: holder.companyId,
      content: JSON.stringify(content),
      issuedAt: now,
      validUntil: certificateValidUntil(now),
    })
    .returning()
    .get();
}

/** The renderer's input for a stored certificate; null for a tombstone. */
export function certificateDocument(row: TCertificateRow, publicUrl: string): TCertificateDocument | null {
  if (!row.content) return null;
  return {
    code: row.code,
    issuedAt: row.issuedAt,
    validUntil: row.validUntil,
    verifyUrl: verifyUrl(publicUrl, row.code),
    content: ZCertificateContent.parse(JSON.parse(row.content)),
  };
}
