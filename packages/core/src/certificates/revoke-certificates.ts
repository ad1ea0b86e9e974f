import { and, certificates, eq, isNull, type TTransaction } from '@portal/db';

type TOwner = { companyId: string } | { userId: string };
const ownedBy = (owner: TOwner) =>
  'companyId' in owner ? eq(certificates.companyId, owner.companyId) : eq(certificates.userId, owner.userId);

/**
 * A reset sets results to zero, so every certificate issued on them is revoked: for a company
 * reset all of the company's (personal and company), for one person's reset theirs. The rows keep
 * their content: the holder may still be asked about them.
 */
export async function revokeCertificates(tx: TTransaction, owner: TOwner, now: Date): Promise<number> {
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: 'progress_reset' })
    .where(and(ownedBy(owner), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return revoked.length;
}

/**
 * Deleting a company (admin) or a person erases the certificate's content and links and keeps a
 * tombstone (code, dates, reason), so a scanned QR code reads "revoked" rather than "unknown"
 * and no personal data stays behind (DECISIONS.md deletion rule).
 */
export async function eraseCertificates(
  tx: TTransaction,
  owner: { companyId: string } | { userId: string },
  now: Date,
): Promise<number> {
  const reason = 'companyId' in owner ? 'company_deleted' : 'holder_deleted';
  const where =
    'companyId' in owner ? eq(certificates.companyId, owner.companyId) : eq(certificates.userId, owner.userId);
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(where, isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  await tx.update(certificates).set({ content: null, userId: null, companyId: null }).where(where);
  return revoked.length;
}
