import { and, eq, inArray, ne, phishingCampaigns, phishingMessages, sql, type TDb } from '@portal/db';
import { countColumns, live } from './phishing-counts.ts';

/**
 * A company's phishing simulations in the insurer's portfolio (ADR 035, ADR 036): people, not
 * events, over all its started campaigns, the retention job's anonymous totals included. Counts
 * only, so no answer can name who clicked.
 */
export interface TCompanyPhishingRates {
  /** When the newest of its campaigns started. */
  lastStartedAt: string | null;
  /** People a simulated mail reached; the base of the three shares. */
  sent: number;
  clicked: number;
  submitted: number;
  reported: number;
  /** Shares of `sent` in whole per cent, rounded as the campaign pages round; null before any mail went out. */
  clickedPercent: number | null;
  submittedPercent: number | null;
  reportedPercent: number | null;
}

const percentOf = (count: number, sent: number) => (sent === 0 ? null : Math.round((count * 100) / sent));

/**
 * The phishing figures of the given companies (a portfolio page's) in one grouped query, whatever
 * the number of rows: each started campaign's retired totals plus its live messages, counted with
 * the campaign pages' columns (phishing-counts.ts). A company without a started campaign is not in
 * the map: it has no rates, which is not the same as 0 %.
 */
export async function companyPhishingRates(
  db: TDb,
  companyIds: readonly string[],
): Promise<Map<string, TCompanyPhishingRates>> {
  if (companyIds.length === 0) return new Map();
  const counts = countColumns();
  // Per campaign, so that the join below meets each campaign row once and its retired totals are
  // summed once; the company filter lets both databases take the messages' company index.
  const messages = db
    .select({
      campaignId: phishingMessages.campaignId,
      sent: counts.sent.as('sent'),
      clicked: counts.clicked.as('clicked'),
      submitted: counts.submitted.as('submitted'),
      reported: counts.reported.as('reported'),
    })
    .from(phishingMessages)
    .where(and(inArray(phishingMessages.companyId, [...companyIds]), live()))
    .groupBy(phishingMessages.campaignId)
    .as('m');
  const retired = {
    sent: phishingCampaigns.retiredSent,
    clicked: phishingCampaigns.retiredClicked,
    submitted: phishingCampaigns.retiredSubmitted,
    reported: phishingCampaigns.retiredReported,
  };
  const total = (event: keyof typeof retired) =>
    sql<number | string>`sum(${retired[event]}) + coalesce(sum(${messages[event]}), 0)`;
  const rows = await db
    .select({
      companyId: phishingCampaigns.companyId,
      // Decoded as the column is: a number in SQLite, a timestamp in PostgreSQL.
      lastStartedAt: sql<Date | null>`max(${phishingCampaigns.startedAt})`.mapWith(phishingCampaigns.startedAt),
      sent: total('sent'),
      clicked: total('clicked'),
      submitted: total('submitted'),
      reported: total('reported'),
    })
    .from(phishingCampaigns)
    .leftJoin(messages, eq(messages.campaignId, phishingCampaigns.id))
    .where(and(inArray(phishingCampaigns.companyId, [...companyIds]), ne(phishingCampaigns.status, 'draft')))
    .groupBy(phishingCampaigns.companyId);
  return new Map(
    rows.map((row) => {
      const sent = Number(row.sent);
      const clicked = Number(row.clicked);
      const submitted = Number(row.submitted);
      const reported = Number(row.reported);
      return [
        row.companyId,
        {
          lastStartedAt: row.lastStartedAt ? new Date(row.lastStartedAt).toISOString() : null,
          sent,
          clicked,
          submitted,
          reported,
          clickedPercent: percentOf(clicked, sent),
          submittedPercent: percentOf(submitted, sent),
          reportedPercent: percentOf(reported, sent),
        },
      ];
    }),
  );
}
