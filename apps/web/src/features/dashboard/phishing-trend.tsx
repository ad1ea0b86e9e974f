import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { rateOf } from '../phishing/campaign-form.ts';

const COLOURS = { clicked: '#b3261e', reported: '#1b6e2d' };

/**
 * The policyholder's phishing simulations over time (ADR 036): per campaign that has sent mail, in
 * the order they started, the share of recipients who clicked and who reported. Counts only, as
 * the works council mode allows. The chart is a picture; the table below carries the same data.
 */
export function PhishingTrend() {
  const t = useT();
  const campaigns = trpc.phishing.campaigns.useQuery({});
  const data = (campaigns.data ?? [])
    .filter((campaign) => campaign.counts.sent > 0 && campaign.startedAt)
    .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''))
    .map((campaign) => ({
      id: campaign.id,
      name: campaign.name,
      started: formatDate(campaign.startedAt ?? campaign.startsOn),
      sent: campaign.counts.sent,
      clicked: rateOf(campaign.counts.clicked, campaign.counts.sent) ?? 0,
      reported: rateOf(campaign.counts.reported, campaign.counts.sent) ?? 0,
    }));

  return (
    <figure className="chart card">
      <figcaption>
        <h2>{t('dashboard.phishing_trend')}</h2>
        <p className="muted">{t('dashboard.phishing_trend_hint')}</p>
      </figcaption>
      {campaigns.isPending && <p role="status">{t('app.loading')}</p>}
      {campaigns.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {campaigns.isSuccess && data.length === 0 && (
        <p className="notice">
          {t('dashboard.phishing_none')} <Link to="/phishing">{t('nav.phishing')}</Link>
        </p>
      )}
      {data.length > 0 && (
        <>
          <div className="chart-area" aria-hidden="true">
            <ResponsiveContainer width="100%" height={280}>
              <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="started" />
                <YAxis unit=" %" domain={[0, 100]} allowDecimals={false} />
                <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.name ?? ''} />
                <Legend />
                <Line
                  type="monotone"
                  dataKey="clicked"
                  name={t('campaigns.clicked')}
                  stroke={COLOURS.clicked}
                  strokeWidth={2}
                  unit=" %"
                />
                <Line
                  type="monotone"
                  dataKey="reported"
                  name={t('campaigns.reported')}
                  stroke={COLOURS.reported}
                  strokeWidth={2}
                  unit=" %"
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <details>
            <summary>{t('dashboard.as_table')}</summary>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.col_name')}</th>
                  <th scope="col">{t('campaigns.col_window')}</th>
                  <th scope="col">{t('campaigns.sent')}</th>
                  <th scope="col">{t('campaigns.clicked')}</th>
                  <th scope="col">{t('campaigns.reported')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to={`/phishing/${row.id}`}>{row.name}</Link>
                    </th>
                    <td>{row.started}</td>
                    <td>{row.sent}</td>
                    <td>{row.clicked} %</td>
                    <td>{row.reported} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
