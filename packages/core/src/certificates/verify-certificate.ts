import { ZCertificateContent } from '@portal/certificates';
import { and, certificates, desc, eq, gt, isNull, type TDb } from '@portal/db';
import { normaliseCertificateCode } from '@portal/validators';

export type TVerifyStatus = 'valid' | 'expired' | 'revoked' | 'unknown';

export interface TVerifyResult {
  status: TVerifyStatus;
  code: string;
  kind: 'personal' | 'company' | null;
  issuedAt: string | null;
  validUntil: string | null;
  revokedAt: string | null;
  revokedReason: 'progress_reset' | 'company_deleted' | 'holder_deleted' | null;
  /** "Max M." for a personal certificate, the company name for a company one; null once erased. */
  holder: string | null;
  /**
   * For an expired certificate: the code of its holder's current one (the yearly renewal, ADR 033),
   * if there is one; null otherwise.
   */
  currentCode: string | null;
}

/**
 * `/verify/{code}`, public. DECISIONS.md: validity, issue date and holder (first name and the
 * initial of the last name; the company name for company certificates), nothing else: no email,
 * no courses, no figures.
 */
export async function verifyCertificate(db: TDb, rawCode: string, now = new Date()): Promise<TVerifyResult> {
  const code = normaliseCertificateCode(rawCode);
  const [row] = await db
    .select({
      kind: certificates.kind,
      content: certificates.content,
      issuedAt: certificates.issuedAt,
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      userId: certificates.userId,
      companyId: certificates.companyId,
    })
    .from(certificates)
    .where(eq(certificates.code, code));
  if (!row) {
    return {
      status: 'unknown',
      code,
      kind: null,
      issuedAt: null,
      validUntil: null,
      revokedAt: null,
      revokedReason: null,
      holder: null,
      currentCode: null,
    };
  }
  const content = row.content ? ZCertificateContent.parse(JSON.parse(row.content)) : null;
  const holder = !content
    ? null
    : content.kind === 'company'
      ? content.company.name
      : `${content.holder.firstname} ${content.holder.lastname.trim().charAt(0)}.`;
  const status: TVerifyStatus = row.revokedAt ? 'revoked' : row.validUntil <= now ? 'expired' : 'valid';
  const holderId = row.kind === 'personal' ? row.userId : row.companyId;
  let currentCode: string | null = null;
  if (status === 'expired' && holderId) {
    const [current] = await db
      .select({ code: certificates.code })
      .from(certificates)
      .where(
        and(
          eq(row.kind === 'personal' ? certificates.userId : certificates.companyId, holderId),
          eq(certificates.kind, row.kind),
          isNull(certificates.revokedAt),
          gt(certificates.validUntil, now),
          gt(certificates.issuedAt, row.issuedAt),
        ),
      )
      .orderBy(desc(certificates.issuedAt))
      .limit(1);
    currentCode = current?.code ?? null;
  }
  return {
    status,
    code,
    kind: row.kind,
    issuedAt: row.issuedAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason ?? null,
    holder,
    currentCode,
  };
}
