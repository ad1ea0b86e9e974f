import './phishing.css';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CampaignList } from './campaign-list.tsx';
import { MailDomainsCard } from './mail-domains-card.tsx';
import { companyInput, type TPhishingScope, usePhishingScope } from './phishing-scope.ts';
import { PhishingSettingsCard } from './phishing-settings-card.tsx';

/**
 * `/phishing` (the employer) and `/admin/policyholders/:id/phishing` (an admin for a customer):
 * the campaigns with their figures, a new one, and the settings with the kill switch (ADR 036).
 */
export default function PhishingPage() {
  const t = useT();
  const scope = usePhishingScope();
  if (!scope) return <p role="status">{t('app.loading')}</p>;
  return <PhishingOverview scope={scope} />;
}

function PhishingOverview({ scope }: { scope: TPhishingScope }) {
  const t = useT();
  const list = trpc.phishing.campaigns.useQuery(companyInput(scope));
  const campaigns = list.data;
  return (
    <section className="page phishing-page">
      {scope.companyName !== undefined && (
        <p>
          <Link to={scope.base.replace(/\/phishing$/, '')}>← {scope.companyName}</Link>
        </p>
      )}
      <h1>
        {scope.companyName === undefined
          ? t('pages.phishing')
          : t('campaigns.admin_heading', { company: scope.companyName })}
      </h1>
      <p className="muted">{t('campaigns.intro')}</p>
      <section className="card" aria-labelledby="campaigns-heading">
        <div className="card-title-row">
          <h2 id="campaigns-heading">{t('campaigns.list_heading')}</h2>
          <Link className="button button-primary" to={`${scope.base}/new`}>
            {t('campaigns.new_campaign')}
          </Link>
        </div>
        {list.isPending && <p role="status">{t('app.loading')}</p>}
        {list.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {campaigns?.length === 0 && <p className="notice">{t('campaigns.empty')}</p>}
        {campaigns && campaigns.length > 0 && <CampaignList campaigns={campaigns} base={scope.base} />}
      </section>
      <MailDomainsCard scope={scope} />
      <PhishingSettingsCard scope={scope} />
    </section>
  );
}
