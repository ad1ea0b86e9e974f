import './phishing.css';
import type { TMessageKey } from '@portal/i18n';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CampaignControls } from './campaign-controls.tsx';
import { CampaignEditor } from './campaign-editor.tsx';
import type { TCampaignDetail } from './campaign-form.ts';
import { CampaignReach } from './campaign-reach.tsx';
import { CampaignResults } from './campaign-results.tsx';
import { CampaignStatus } from './campaign-status.tsx';
import { chosenText } from './people-picker.tsx';
import { companyInput, type TPhishingScope, usePhishingScope } from './phishing-scope.ts';

/**
 * `/phishing/:campaignId` and the admin's `/admin/policyholders/:id/phishing/:campaignId`: a new
 * campaign (`new`), a draft in the editor, or a started campaign with its controls and results.
 */
export default function CampaignPage() {
  const { t } = useI18n();
  const scope = usePhishingScope();
  const { campaignId = '' } = useParams();
  if (!scope) return <p role="status">{t('app.loading')}</p>;
  return (
    <section className="page phishing-page">
      <p>
        <Link to={scope.base}>← {t('campaigns.back_to_list')}</Link>
      </p>
      {campaignId === 'new' ? (
        <>
          <h1 id="campaign-editor-heading">{t('campaigns.new_heading')}</h1>
          <CampaignEditor scope={scope} campaign={null} />
        </>
      ) : (
        <ExistingCampaign scope={scope} id={campaignId} />
      )}
    </section>
  );
}

function ExistingCampaign({ scope, id }: { scope: TPhishingScope; id: string }) {
  const { t } = useI18n();
  const campaign = trpc.phishing.campaign.useQuery({ ...companyInput(scope), id });
  const templates = trpc.phishing.templates.useQuery();
  if (campaign.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!campaign.data) return <p role="alert">{t('app.something_went_wrong')}</p>;
  const data = campaign.data;
  return (
    <>
      <div className="page-header">
        <h1>{data.name}</h1>
        <CampaignStatus status={data.status} />
      </div>
      {data.status === 'draft' ? (
        // Keyed by id: the editor's state starts from this draft.
        <CampaignEditor key={data.id} scope={scope} campaign={data} />
      ) : (
        <>
          <CampaignSummary campaign={data} templates={templates.data} />
          {(data.status === 'running' || data.status === 'paused') && (
            <CampaignReach scope={scope} id={data.id} level={2} />
          )}
          <CampaignControls scope={scope} campaign={data} />
          <CampaignResults campaign={data} templates={templates.data} />
        </>
      )}
    </>
  );
}

function CampaignSummary({
  campaign,
  templates,
}: {
  campaign: TCampaignDetail;
  templates: { slug: string; title: { de: string; en: string } }[] | undefined;
}) {
  const { t, locale } = useI18n();
  const audience = campaign.audience;
  const audienceText =
    audience.kind === 'all'
      ? t('campaigns.audience_all')
      : audience.kind === 'roles'
        ? audience.roles.map((role) => t(`campaigns.role_${role}` as TMessageKey)).join(', ')
        : audience.kind === 'teams'
          ? audience.teams.join(', ')
          : chosenText(t, audience.ids.length);
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('campaigns.summary_heading')}</h2>
      <dl className="campaign-summary">
        <dt>{t('campaigns.summary_audience')}</dt>
        <dd>{audienceText}</dd>
        <dt>{t('campaigns.summary_window')}</dt>
        <dd>
          {t('campaigns.summary_window_text', {
            day: formatDate(campaign.startsOn),
            days: campaign.windowDays,
            from: campaign.startHour,
            to: campaign.endHour,
          })}
        </dd>
        <dt>{t('campaigns.summary_repeat')}</dt>
        <dd>
          {t(`campaigns.repeat_${campaign.repeat}` as TMessageKey)}
          {campaign.repeat !== 'none' && ` · ${t('campaigns.summary_round')} ${campaign.rounds}`}
        </dd>
        <dt>{t('campaigns.summary_templates')}</dt>
        <dd>
          {campaign.templates
            .map((slug) => templates?.find((template) => template.slug === slug)?.title[locale] ?? slug)
            .join(', ')}
        </dd>
      </dl>
    </section>
  );
}
