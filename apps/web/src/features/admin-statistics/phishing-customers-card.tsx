import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { rateText } from '../phishing/campaign-form.ts';

/**
 * Phishing simulations per customer, over all their campaigns (ADR 036): counts and rates only,
 * the highest click rate first, each customer linked to its phishing page.
 */
export function PhishingCustomersCard() {
  const t = useT();
  const rates = trpc.phishing.customerRates.useQuery();
  return (
    <section className="card stats-section" aria-labelledby="phishing-customers-heading">
      <h2 id="phishing-customers-heading">{t('admin_stats.phishing_heading')}</h2>
      <p className="muted">{t('admin_stats.phishing_hint')}</p>
      {rates.isPending && <p role="status">{t('app.loading')}</p>}
      {rates.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {rates.data?.length === 0 && <p className="notice">{t('admin_stats.phishing_empty')}</p>}
      {rates.data && rates.data.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('admin_stats.phishing_customer')}</th>
                <th scope="col">{t('admin_stats.phishing_campaigns')}</th>
                <th scope="col">{t('admin_stats.phishing_last')}</th>
                <th scope="col">{t('campaigns.sent')}</th>
                <th scope="col">{t('campaigns.clicked')}</th>
                <th scope="col">{t('campaigns.submitted')}</th>
                <th scope="col">{t('campaigns.reported')}</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((row) => (
                <tr key={row.companyId}>
                  <th scope="row">
                    {row.policyholderId ? (
                      <Link to={`/admin/policyholders/${row.policyholderId}/phishing`}>{row.companyName}</Link>
                    ) : (
                      row.companyName
                    )}
                  </th>
                  <td>{row.campaigns}</td>
                  <td>{row.lastStartedAt ? formatDate(row.lastStartedAt) : '–'}</td>
                  <td>{row.sent}</td>
                  <td>{rateText(row.clicked, row.sent)}</td>
                  {/* Only mails of templates with a sign-in page can be "submitted" (issue 37.7). */}
                  <td>
                    {row.signInSent === 0 ? t('campaigns.not_applicable') : rateText(row.submitted, row.signInSent)}
                  </td>
                  <td>{rateText(row.reported, row.sent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
