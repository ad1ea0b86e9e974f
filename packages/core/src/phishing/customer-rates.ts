import { and, companies, eq, gt, ne, phishingCampaigns, phishingMessages, sql, type TDb } from '@portal/db';
import { countColumns, live, numbers, retiredSignInByCompany } from './phishing-counts.ts';

/** One customer's phishing simulations, for the provider's admins (ADR 036): people, not events. */
export interface TCustomerPhishingRates {
  companyId: string;
  companyName: string;
  /** The policyholder's account, which the admins' customer pages are addressed by. */
  policyholderId: string | null;
  campaigns: number;
  lastStartedAt: string | null;
  sent: number;
  /** Of `sent`, the mails of templates with a sign-in page: the base of `submitted` (0: no such share). */
  signInSent: number;
  clicked: number;
  /** Only for templates with a sign-in page (issue 37.7). */
  submitted: number;
  reported: number;
}

/**
 * Every customer that has started a campaign, with its totals over all campaigns (the retention
 * job's anonymous totals included), the highest click rate first: where training is needed most.
 * Two grouped queries, whatever the number of customers.
 */
export async function customerPhishingRates(db: TDb): Promise<TCustomerPhishingRates[]> {
  const [campaigns, messages, retiredRows] = await Promise.all([
    db
      .select({
        companyId: phishingCampaigns.companyId,
        companyName: companies.companyName,
        policyholderId: companies.ownerId,
        campaigns: sql<number>`count(*)`,
        // Decoded as the column is: a number in SQLite, a timestamp in PostgreSQL.
        lastStartedAt: sql<Date | null>`max(${phishingCampaigns.startedAt})`.mapWith(phishingCampaigns.startedAt),
        sent: sql<number>`sum(${phishingCampaigns.retiredSent})`,
        clicked: sql<number>`sum(${phishingCampaigns.retiredClicked})`,
        reported: sql<number>`sum(${phishingCampaigns.retiredReported})`,
      })
      .from(phishingCampaigns)
      .innerJoin(companies, eq(companies.id, phishingCampaigns.companyId))
      .where(ne(phishingCampaigns.status, 'draft'))
      .groupBy(phishingCampaigns.companyId, companies.companyName, companies.ownerId),
    // Counted as the campaign pages count (phishing-counts.ts), per company.
    db
      .select({ companyId: phishingMessages.companyId, ...countColumns() })
      .from(phishingMessages)
      .innerJoin(phishingCampaigns, eq(phishingCampaigns.id, phishingMessages.campaignId))
      .where(and(live(), ne(phishingCampaigns.status, 'draft')))
      .groupBy(phishingMessages.companyId),
    // The retired part of "submitted" is judged per campaign by its templates (retiredSignIn).
    db
      .select({
        companyId: phishingCampaigns.companyId,
        templates: phishingCampaigns.templates,
        retiredSent: phishingCampaigns.retiredSent,
        retiredSubmitted: phishingCampaigns.retiredSubmitted,
      })
      .from(phishingCampaigns)
      .where(and(ne(phishingCampaigns.status, 'draft'), gt(phishingCampaigns.retiredSent, 0))),
  ]);
  const liveCounts = new Map(messages.map((row) => [row.companyId, numbers(row)]));
  const retiredOf = retiredSignInByCompany(retiredRows);
  const rows = campaigns.map((campaign): TCustomerPhishingRates => {
    const counted = liveCounts.get(campaign.companyId);
    const retired = retiredOf.get(campaign.companyId);
    const total = (field: 'sent' | 'clicked' | 'reported') => Number(campaign[field] ?? 0) + (counted?.[field] ?? 0);
    const signIn = (field: 'signInSent' | 'submitted') => (retired?.[field] ?? 0) + (counted?.[field] ?? 0);
    return {
      companyId: campaign.companyId,
      companyName: campaign.companyName,
      policyholderId: campaign.policyholderId,
      campaigns: Number(campaign.campaigns),
      lastStartedAt: campaign.lastStartedAt ? new Date(campaign.lastStartedAt).toISOString() : null,
      sent: total('sent'),
      signInSent: signIn('signInSent'),
      clicked: total('clicked'),
      submitted: signIn('submitted'),
      reported: total('reported'),
    };
  });
  const clickRate = (row: TCustomerPhishingRates) => (row.sent === 0 ? 0 : row.clicked / row.sent);
  return rows.sort((a, b) => clickRate(b) - clickRate(a) || a.companyName.localeCompare(b.companyName));
}
