import { and, eq, gt, inArray, ne, phishingCampaigns, phishingMessages, sql, type TDb } from '@portal/db';
import { countColumns, live, percentOf, retiredSignInByCompany } from './phishing-counts.ts';

/**
 * A company's phishing simulations in the insurer's portfolio (ADR 035, ADR 036): people, not
 * events, over all its started campaigns, the retention job's anonymous totals included. Counts
 * only, so no answer can name who clicked.
 */
export interface TCompanyPhishingRates {
  /** When the newest of its campaigns started. */
  lastStartedAt: string | null;
  /** People a simulated mail reached; the base of the click and report shares. */
  sent: number;
  /** Of them, the people whose mail's template has a sign-in page; the base of the submitted share. */
  signInSent: number;
  clicked: number;
  /** Only for templates with a sign-in page: no other mail has a form to send (issue 37.7). */
  submitted: number;
  reported: number;
  /** Shares of `sent` in whole per cent, rounded as the campaign pages round; null before any mail went out. */
  clickedPercent: number | null;
  /** Share of `signInSent`; null where no mail of a template with a sign-in page went out (not 0 %). */
  submittedPercent: number | null;
  reportedPercent: number | null;
}

/** The started campaigns of the companies. */
const started = (companyIds: readonly string[]) =>
  and(inArray(phishingCampaigns.companyId, [...companyIds]), ne(phishingCampaigns.status, 'draft'));

/**
 * The phishing figures of the given companies (a portfolio page's) in one grouped query, whatever
 * the number of rows: each started campaign's retired totals plus its live messages, counted with
 * the campaign pages' columns (phishing-counts.ts). A company without a started campaign is not in
 * the map: it has no rates, which is not the same as 0 %. The retired part of "submitted" needs
 * each campaign's templates (retiredSignIn): a second query, of the campaigns with retired totals.
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
      signInSent: counts.signInSent.as('sign_in_sent'),
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
    reported: phishingCampaigns.retiredReported,
  };
  const total = (event: keyof typeof retired) =>
    sql<number | string>`sum(${retired[event]}) + coalesce(sum(${messages[event]}), 0)`;
  // The retired part of the submitted share is judged per campaign (retiredSignIn), below.
  const liveOnly = (event: 'signInSent' | 'submitted') => sql<number | string>`coalesce(sum(${messages[event]}), 0)`;
  const rows = await db
    .select({
      companyId: phishingCampaigns.companyId,
      // Decoded as the column is: a number in SQLite, a timestamp in PostgreSQL.
      lastStartedAt: sql<Date | null>`max(${phishingCampaigns.startedAt})`.mapWith(phishingCampaigns.startedAt),
      sent: total('sent'),
      signInSent: liveOnly('signInSent'),
      clicked: total('clicked'),
      submitted: liveOnly('submitted'),
      reported: total('reported'),
    })
    .from(phishingCampaigns)
    .leftJoin(messages, eq(messages.campaignId, phishingCampaigns.id))
    .where(started(companyIds))
    .groupBy(phishingCampaigns.companyId);
  // Campaigns with retired totals (messages past the retention): few, older than months.
  const retiredRows = await db
    .select({
      companyId: phishingCampaigns.companyId,
      templates: phishingCampaigns.templates,
      retiredSent: phishingCampaigns.retiredSent,
      retiredSubmitted: phishingCampaigns.retiredSubmitted,
    })
    .from(phishingCampaigns)
    .where(and(started(companyIds), gt(phishingCampaigns.retiredSent, 0)));
  const retiredOf = retiredSignInByCompany(retiredRows);
  return new Map(
    rows.map((row) => {
      const sent = Number(row.sent);
      const clicked = Number(row.clicked);
      const reported = Number(row.reported);
      const retiredPart = retiredOf.get(row.companyId);
      const signInSent = Number(row.signInSent) + (retiredPart?.signInSent ?? 0);
      const submitted = Number(row.submitted) + (retiredPart?.submitted ?? 0);
      return [
        row.companyId,
        {
          lastStartedAt: row.lastStartedAt ? new Date(row.lastStartedAt).toISOString() : null,
          sent,
          signInSent,
          clicked,
          submitted,
          reported,
          clickedPercent: percentOf(clicked, sent),
          submittedPercent: percentOf(submitted, signInSent),
          reportedPercent: percentOf(reported, sent),
        },
      ];
    }),
  );
}
