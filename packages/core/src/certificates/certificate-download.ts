import { certificates, eq, type TDb } from '@portal/db';
import { normaliseCertificateCode } from '@portal/validators';
import type { TSessionUser } from '../auth/sessions.ts';
import { companyHasOrderProcessing } from '../avv/order-processing.ts';
import { notFound } from '../errors.ts';
import { certificateDocument } from './certificate-record.ts';

/**
 * The stored certificate behind a download link, for someone entitled to it: the holder of a
 * personal certificate, or the employer or a manager of the company for its proof of insurance.
 * Anyone else, a revoked or erased certificate, and a company with blocked actions (no AVV) get
 * the same 404 as a code that does not exist.
 */
export async function certificateForDownload(db: TDb, user: TSessionUser, rawCode: string, publicUrl: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.code, normaliseCertificateCode(rawCode)));
  if (!row || row.revokedAt || !row.companyId || user.companyId !== row.companyId) throw notFound();
  const entitled =
    row.kind === 'personal' ? row.userId === user.id : user.role === 'employer' || user.role === 'manager';
  if (!entitled || !(await companyHasOrderProcessing(db, row.companyId))) throw notFound();
  const document = certificateDocument(row, publicUrl);
  if (!document) throw notFound();
  return document;
}
