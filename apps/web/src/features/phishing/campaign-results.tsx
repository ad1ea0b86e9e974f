import type { TMessageKey } from '@portal/i18n';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { TPhishingTemplate } from './campaign-form.ts';
import { rateOf, type TCampaignDetail } from './campaign-form.ts';

type TCounts = TCampaignDetail['counts'];
const EVENTS = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;

/** "12 %" of the people a mail reached, or a dash before any. */
function Rate({ count, sent }: { count: number; sent: number }) {
  const rate = rateOf(count, sent);
  return <>{rate === null ? '–' : `${rate} %`}</>;
}

/**
 * What a campaign found: people per event with their share of those who got a mail, per template
 * and per day; names only where the employer switched the named evaluation on (ADR 036).
 */
export function CampaignResults({
  campaign,
  templates,
}: {
  campaign: TCampaignDetail;
  templates: TPhishingTemplate[] | undefined;
}) {
  const { t, locale } = useI18n();
  const events = EVENTS.filter((event) => event !== 'opened' || campaign.trackOpens);
  const titleOf = (slug: string) => templates?.find((template) => template.slug === slug)?.title[locale] ?? slug;
  const label = (event: (typeof EVENTS)[number]) => t(`campaigns.${event}` as TMessageKey);
  const counts: TCounts = campaign.counts;

  return (
    <section className="card" aria-labelledby="results-heading">
      <h2 id="results-heading">{t('campaigns.results_heading')}</h2>
      {counts.sent === 0 ? (
        <p className="notice">{t('campaigns.results_empty')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table results-table">
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.metric')}</th>
                  <th scope="col" className="numeric">
                    {t('campaigns.people')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('campaigns.rate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event}>
                    <th scope="row">{label(event)}</th>
                    <td className="numeric">{counts[event]}</td>
                    <td className="numeric">
                      <Rate count={counts[event]} sent={counts.sent} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>{t('campaigns.per_template_heading')}</h3>
          <div className="table-scroll">
            <table className="table results-table">
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.col_template')}</th>
                  {events.map((event) => (
                    <th key={event} scope="col" className="numeric">
                      {label(event)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {campaign.perTemplate.map((row) => (
                  <tr key={row.template}>
                    <th scope="row">{titleOf(row.template)}</th>
                    {events.map((event) => (
                      <td key={event} className="numeric">
                        {row[event]}
                        {event !== 'sent' && (
                          <span className="muted">
                            {' '}
                            (<Rate count={row[event]} sent={row.sent} />)
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>{t('campaigns.per_day_heading')}</h3>
          <div className="table-scroll">
            <table className="table results-table">
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.col_day')}</th>
                  {events.map((event) => (
                    <th key={event} scope="col" className="numeric">
                      {label(event)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {campaign.perDay.map((row) => (
                  <tr key={row.day}>
                    <th scope="row">{formatDate(row.day)}</th>
                    {events.map((event) => (
                      <td key={event} className="numeric">
                        {row[event]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {campaign.recipients === null ? (
        <p className="muted">{t('campaigns.works_council_notice')}</p>
      ) : (
        campaign.recipients.length > 0 && (
          <>
            <h3>{t('campaigns.recipients_heading')}</h3>
            <div className="table-scroll">
              <table className="table results-table">
                <thead>
                  <tr>
                    <th scope="col">{t('campaigns.col_person')}</th>
                    <th scope="col">{t('campaigns.col_template')}</th>
                    {events.map((event) => (
                      <th key={event} scope="col">
                        {label(event)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {campaign.recipients.map((row) => (
                    <tr key={`${row.name}-${row.template}-${row.round}-${row.sentAt ?? ''}`}>
                      <th scope="row">{row.name}</th>
                      <td>{titleOf(row.template)}</td>
                      {events.map((event) => {
                        const at = row[`${event}At`];
                        return <td key={event}>{at ? formatDate(at) : '–'}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )
      )}
    </section>
  );
}
