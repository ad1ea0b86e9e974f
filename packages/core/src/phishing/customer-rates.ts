import { and, companies, inArray, isNotNull, ne, phishingCampaigns, phishingMessages, sql, type TDb } from '@portal/db';

/** One customer's phishing simulations, for the provider's admins (ADR 036): people, not events. */
export interface TCustomerPhishingRates {
  companyId: string;
  companyName: string;
  /** The policyholder's account, which the admins' customer pages are addressed by. */
  policyholderId: string | null;
  campaigns: number;
  lastStartedAt: string | null;
  sent: number;
  clicked: number;
  submitted: number;
  reported: number;
}

/**
 * Every customer that has started a campaign, with its totals over all campaigns (the retention
 * job's anonymous totals included), the highest click rate first: where training is needed most.
 */
export async function customerPhishingRates(db: TDb): Promise<TCustomerPhishingRates[]> {
  const campaigns = await db
    .select({
      companyId: phishingCampaigns.companyId,
      campaigns: sql<number>`count(*)`,
      // Decoded as the column is: a number in SQLite, a timestamp in PostgreSQL.
      lastStartedAt: sql<Date | null>`max(${phishingCampaigns.startedAt})`.mapWith(phishingCampaigns.startedAt),
      sent: sql<number>`sum(${phishingCampaigns.retiredSent})`,
      clicked: sql<number>`sum(${phishingCampaigns.retiredClicked})`,
      submitted: sql<number>`sum(${phishingCampaigns.retiredSubmitted})`,
      reported: sql<number>`sum(${phishingCampaigns.retiredReported})`,
    })
    .from(phishingCampaigns)
    .where(ne(phishingCampaigns.status, 'draft'))
    .groupBy(phishingCampaigns.companyId);
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((row) => row.companyId);
  const [messages, names] = await Promise.all([
    db
      .select({
        companyId: phishingMessages.companyId,
        sent: sql<number>`count(*)`,
        clicked: sql<number>`count(${phishingMessages.clickedAt})`,
        submitted: sql<number>`count(${phishingMessages.submittedAt})`,
        reported: sql<number>`count(${phishingMessages.reportedAt})`,
      })
      .from(phishingMessages)
      .where(and(inArray(phishingMessages.companyId, ids), isNotNull(phishingMessages.sentAt)))
      .groupBy(phishingMessages.companyId),
    db
      .select({ id: companies.id, name: companies.companyName, ownerId: companies.ownerId })
      .from(companies)
      .where(inArray(companies.id, ids)),
  ]);
  const rows = campaigns.flatMap((campaign) => {
    const company = names.find((entry) => entry.id === campaign.companyId);
    if (!company) return [];
    const live = messages.find((entry) => entry.companyId === campaign.companyId);
    const total = (field: 'sent' | 'clicked' | 'submitted' | 'reported') =>
      Number(campaign[field] ?? 0) + Number(live?.[field] ?? 0);
    return [
      {
        companyId: company.id,
        companyName: company.name,
        policyholderId: company.ownerId,
        campaigns: Number(campaign.campaigns),
        lastStartedAt: campaign.lastStartedAt ? new Date(campaign.lastStartedAt).toISOString() : null,
        sent: total('sent'),
        clicked: total('clicked'),
        submitted: total('submitted'),
        reported: total('reported'),
      },
    ];
  });
  const clickRate = (row: TCustomerPhishingRates) => (row.sent === 0 ? 0 : row.clicked / row.sent);
  return rows.sort((a, b) => clickRate(b) - clickRate(a) || a.companyName.localeCompare(b.companyName));
}
