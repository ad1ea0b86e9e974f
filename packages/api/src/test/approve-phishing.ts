import { companies, eq, type TDatabase, transaction } from '@portal/db';

/**
 * The provider approved the company's phishing simulations (issue 37), as an admin's
 * `admin.setPhishingApproval` would: what a company without a policy number needs under the default
 * `PHISHING_APPROVAL=without-policy-number` before it can start a campaign. Test-only.
 */
export async function approvePhishing(db: TDatabase, companyId: string, at = new Date()): Promise<void> {
  await transaction(db, (tx) =>
    tx.update(companies).set({ phishingApprovedAt: at }).where(eq(companies.id, companyId)),
  );
}
