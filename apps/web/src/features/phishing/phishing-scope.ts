import { useParams } from 'react-router';
import { trpc } from '../../lib/trpc.ts';

/**
 * Whose campaigns a phishing page shows: the employer's own (`/phishing…`, no company named), or
 * for an admin the customer of the address (`/admin/policyholders/:id/phishing…`, where `:id` is
 * the policyholder's account, as on the customer's page). The same pages serve both; the server
 * checks who may act for which company (ADR 036).
 */
export interface TPhishingScope {
  /** Named for admins only; the employer's calls leave it out. */
  companyId: string | undefined;
  /** The customer's name, for an admin's heading. */
  companyName: string | undefined;
  /** The campaign list's address; a campaign is `${base}/${id}`. */
  base: string;
}

/** The scope of the current address; null while an admin's customer is still loading. */
export function usePhishingScope(): TPhishingScope | null {
  const { id } = useParams();
  // Preloaded by the admin route's loader; not asked for on the employer's pages.
  const customer = trpc.admin.policyholder.useQuery({ id: id ?? '' }, { enabled: Boolean(id) });
  if (!id) return { companyId: undefined, companyName: undefined, base: '/phishing' };
  if (!customer.data) return null;
  return {
    companyId: customer.data.company.id,
    companyName: customer.data.company.companyName,
    base: `/admin/policyholders/${id}/phishing`,
  };
}

/** The call input's company part: empty for the employer. */
export const companyInput = (scope: TPhishingScope) => (scope.companyId ? { companyId: scope.companyId } : {});
