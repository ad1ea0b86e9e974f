import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { rateText, type TCampaignSummary } from './campaign-form.ts';
import { CampaignStatus } from './campaign-status.tsx';

/** A count with its share of the mails sent, e.g. "3 (12 %)"; the count alone before any. */
function CountWithRate({ count, sent }: { count: number; sent: number }) {
  return (
    <>
      {count}
      {sent > 0 && <span className="muted"> ({rateText(count, sent)})</span>}
    </>
  );
}

/** The company's campaigns, newest first, each with its state and its main figures. */
export function CampaignList({ campaigns, base }: { campaigns: TCampaignSummary[]; base: string }) {
  const t = useT();
  return (
    <div className="table-scroll">
      <table className="table campaign-table">
        <thead>
          <tr>
            <th scope="col">{t('campaigns.col_name')}</th>
            <th scope="col">{t('campaigns.col_status')}</th>
            <th scope="col">{t('campaigns.col_window')}</th>
            <th scope="col" className="numeric">
              {t('campaigns.col_sent')}
            </th>
            <th scope="col" className="numeric">
              {t('campaigns.col_clicked')}
            </th>
            <th scope="col" className="numeric">
              {t('campaigns.col_reported')}
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row">
                <Link to={`${base}/${campaign.id}`}>{campaign.name}</Link>
              </th>
              <td>
                <CampaignStatus status={campaign.status} />
              </td>
              <td>{formatDate(campaign.startsOn)}</td>
              <td className="numeric">{campaign.counts.sent}</td>
              <td className="numeric">
                <CountWithRate count={campaign.counts.clicked} sent={campaign.counts.sent} />
              </td>
              <td className="numeric">
                <CountWithRate count={campaign.counts.reported} sent={campaign.counts.sent} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
