import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * Customers waiting for the provider's approval of their phishing simulations (issue 37): they need
 * it, lack it and have created a campaign. Shown above the customer list only while there are any.
 */
export function PhishingApprovalsCard() {
  const t = useT();
  const approvals = trpc.admin.phishingApprovals.useQuery();
  const pending = approvals.data?.pending ?? [];
  if (pending.length === 0) return null;
  return (
    <section className="card" aria-labelledby="phishing-approvals-heading">
      <h2 id="phishing-approvals-heading">{t('policyholders.phishing_pending_title')}</h2>
      <p>{t('policyholders.phishing_pending_intro')}</p>
      <ul>
        {pending.map((entry) => {
          const text = t('policyholders.phishing_pending_row', {
            company: entry.companyName,
            count: entry.campaigns,
            date: formatDate(entry.waitingSince),
          });
          return (
            <li key={entry.companyId}>
              {entry.ownerId ? <Link to={`/admin/policyholders/${entry.ownerId}`}>{text}</Link> : text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
