import { type TCertificateContent, type TCertificateDocument, ZCertificateContent } from '@portal/certificates';
import { and, certificates, desc, eq, gt, isNull, type TTransaction } from '@portal/db';
import { recordCertificateIssued } from '../insurer-events/record-events.ts';
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
 * opening the page twice gives the same code, and a new code means new facts.
 *
 * Deciding that no current certificate exists and inserting one is a read-then-insert: call it in
 * a serializable transaction (ADR 028). Two calls at the same moment on PostgreSQL then cannot
 * both insert: PostgreSQL aborts one (each read what the other wrote), `transaction()` runs it
 * again, and the second run finds the first one's certificate and hands it back. On SQLite
 * transactions take turns anyway.
 */
export async function issueOrReuse(
  tx: TTransaction,
  holder: { kind: 'personal'; userId: string; companyId: string } | { kind: 'company'; companyId: string },
  content: TCertificateContent,
  now: Date,
): Promise<TCertificateRow> {
  const json = JSON.stringify(content);
  const owner =
    holder.kind === 'personal' ? eq(certificates.userId, holder.userId) : eq(certificates.companyId, holder.companyId);
  const [current] = await tx
    .select()
    .from(certificates)
    .where(
      and(owner, eq(certificates.kind, holder.kind), isNull(certificates.revokedAt), gt(certificates.validUntil, now)),
    )
    .orderBy(desc(certificates.issuedAt))
    .limit(1);
  if (current && current.content === json) return current;
  return insertCertificate(tx, holder, content, now);
}

/** A new certificate with a fresh code (the unique index makes a clash an error, not a merge). */
export async function insertCertificate(
  tx: TTransaction,
  holder: { kind: 'personal' | 'company'; userId?: string; companyId: string },
  content: TCertificateContent,
  now: Date,
  code = newCertificateCode(),
): Promise<TCertificateRow> {
  const [row] = await tx
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
    .returning();
  if (!row) throw new Error(`certificate ${code} was not inserted`);
  // The insurer's systems hear of a new proof of insurance (ADR 035), in this very transaction.
  if (row.kind === 'company' && row.companyId) {
    await recordCertificateIssued(tx, { id: row.id, companyId: row.companyId, validUntil: row.validUntil }, now);
  }
  return row;
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
