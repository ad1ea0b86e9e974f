import { and, eq, ne, phishingCampaigns, phishingSettings, type TDb } from '@portal/db';

/** What the company's people are told about its phishing simulations (ADR 036, works council). */
export interface TPhishingNotice {
  /** The company has started at least one campaign: simulated mails may arrive. */
  simulations: boolean;
  /** The employer sees who clicked (switched on and recorded); otherwise counts only. */
  namesVisible: boolean;
}

/** The notice for a person of `companyId`: read by every role, so it says nothing about anyone. */
export async function phishingNotice(db: TDb, companyId: string): Promise<TPhishingNotice> {
  const [[started], [settings]] = await Promise.all([
    db
      .select({ id: phishingCampaigns.id })
      .from(phishingCampaigns)
      .where(and(eq(phishingCampaigns.companyId, companyId), ne(phishingCampaigns.status, 'draft')))
      .limit(1),
    db
      .select({ namesVisibleAt: phishingSettings.namesVisibleAt })
      .from(phishingSettings)
      .where(eq(phishingSettings.companyId, companyId)),
  ]);
  return { simulations: started !== undefined, namesVisible: Boolean(settings?.namesVisibleAt) };
}
