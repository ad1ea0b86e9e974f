import { type TDb, transaction } from '@portal/db';
import type { TLocale } from '@portal/i18n';
import { audit } from '../audit/audit.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import type { TEvidenceVariant } from './evidence-facts.ts';
import { gatherEvidence, type TEvidencePack } from './gather-evidence.ts';

interface TPackRequest {
  lang: TLocale;
  publicUrl: string;
  now?: Date;
}

/**
 * The insurer's pack of any policy (a company with a policy number): company level only. Anyone
 * else, an unknown company and one without a policy number get the same 404.
 */
export function insurerEvidencePack(
  db: TDb,
  viewer: TSessionUser,
  companyId: string,
  request: TPackRequest,
): Promise<TEvidencePack> {
  if (viewer.role !== 'insurer') throw notFound();
  return gatherEvidence(db, companyId, { ...request, variant: 'insurer' });
}

/**
 * The employer's pack of their own company, with the staff's personal certificates. Managers do
 * not get it: it names every certified person, which is the policyholder's to hand on. The AVV
 * rule of company calls (blocked until accepted) is the route's, as for the other file routes.
 */
export function employerEvidencePack(db: TDb, viewer: TSessionUser, request: TPackRequest): Promise<TEvidencePack> {
  if (viewer.role !== 'employer' || !viewer.companyId) throw notFound();
  return gatherEvidence(db, viewer.companyId, { ...request, variant: 'employer' });
}

/** One audit entry per download: who took which company's pack, and which variant. */
export async function recordEvidenceDownload(
  db: TDb,
  viewer: TSessionUser,
  download: { companyId: string; variant: TEvidenceVariant; lang: TLocale },
  meta: { ip: string },
): Promise<void> {
  // Read committed: one insert.
  await transaction(db, (tx) =>
    audit(tx, {
      action: 'evidence.downloaded',
      actorId: viewer.id,
      actorRole: viewer.role,
      companyId: download.companyId,
      ip: meta.ip,
      details: { companyId: download.companyId, variant: download.variant, lang: download.lang },
    }),
  );
}
