import type { TMessageKey } from '@portal/i18n';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { rateText, type TCampaignDetail, type TPhishingTemplate } from './campaign-form.ts';

const EVENTS = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;
type TEvent = (typeof EVENTS)[number];
type TEventCounts = Record<TEvent, number> & { signInSent?: number };

/**
 * The people to whom an event's share refers: "submitted" exists only for mails of templates with
 * an imitated sign-in page (issue 37.7), every other event for all mails sent.
 */
const baseOf = (counts: TEventCounts, event: TEvent) => (event === 'submitted' ? counts.signInSent : counts.sent);

/**
 * Rows of counts per event (a template's, a day's) with a row header each; with `rates`, every
 * count after `sent` carries its share of the row's recipients.
 */
function EventTable({
  rowHeader,
  events,
  label,
  rows,
  rates,
  notApplicable,
}: {
  rowHeader: string;
  events: readonly TEvent[];
  label: (event: TEvent) => string;
  rows: { key: string; header: ReactNode; counts: TEventCounts }[];
  rates: boolean;
  /** What a count without a base says ("submitted" of a template without a sign-in page). */
  notApplicable: string;
}) {
  return (
    <div className="table-scroll">
      <table className="table results-table">
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {events.map((event) => (
              <th key={event} scope="col" className="numeric">
                {label(event)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {events.map((event) => (
                <td key={event} className="numeric">
                  {rates && event === 'submitted' && row.counts.signInSent === 0 ? (
                    <span className="muted">{notApplicable}</span>
                  ) : (
                    <>
                      {row.counts[event]}
                      {rates && event !== 'sent' && (
                        <span className="muted"> ({rateText(row.counts[event], baseOf(row.counts, event) ?? 0)})</span>
                      )}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
  const withoutSignIn = (slug: string) => templates?.find((template) => template.slug === slug)?.landing === 'teaching';
  const label = (event: TEvent) => t(`campaigns.${event}` as TMessageKey);
  const counts = campaign.counts;

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
                {events.map((event) =>
                  event === 'submitted' && counts.signInSent === 0 ? (
                    <tr key={event}>
                      <th scope="row">{label(event)}</th>
                      <td className="numeric">{t('campaigns.not_applicable')}</td>
                      <td className="numeric">{t('campaigns.not_applicable')}</td>
                    </tr>
                  ) : (
                    <tr key={event}>
                      <th scope="row">{label(event)}</th>
                      <td className="numeric">{counts[event]}</td>
                      <td className="numeric">{rateText(counts[event], baseOf(counts, event) ?? 0)}</td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
          <p className="muted">{t('campaigns.submitted_hint')}</p>
          <h3>{t('campaigns.per_template_heading')}</h3>
          <EventTable
            rowHeader={t('campaigns.col_template')}
            events={events}
            label={label}
            rows={campaign.perTemplate.map((row) => ({
              key: row.template,
              header: titleOf(row.template),
              counts: row,
            }))}
            rates
            notApplicable={t('campaigns.not_applicable')}
          />
          <h3>{t('campaigns.per_day_heading')}</h3>
          <EventTable
            rowHeader={t('campaigns.col_day')}
            events={events}
            label={label}
            rows={campaign.perDay.map((row) => ({ key: row.day, header: formatDate(row.day), counts: row }))}
            rates={false}
            notApplicable={t('campaigns.not_applicable')}
          />
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
                        if (event === 'submitted' && withoutSignIn(row.template)) {
                          return (
                            <td key={event} className="muted">
                              {t('campaigns.not_applicable')}
                            </td>
                          );
                        }
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
