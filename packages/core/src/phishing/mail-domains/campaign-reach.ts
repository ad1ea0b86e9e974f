import { and, eq, phishingCampaigns, type TDb } from '@portal/db';
import { DomainError, notFound } from '../../errors.ts';
import { ZCampaignAudience } from '../campaign-types.ts';
import { audienceReach, type TAudienceReach } from './recipient-rule.ts';

const audienceOf = (campaign: { audience: string }) => ZCampaignAudience.parse(JSON.parse(campaign.audience));

/** Whom the company's campaign reaches now (its audience, issue 37), for the editor and the campaign page. */
export async function campaignReach(db: TDb, companyId: string, id: string): Promise<TAudienceReach> {
  const [campaign] = await db
    .select({ audience: phishingCampaigns.audience })
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.id, id), eq(phishingCampaigns.companyId, companyId)));
  if (!campaign) throw notFound();
  return audienceReach(db, companyId, audienceOf(campaign));
}

/**
 * The start's refusal when the audience has people but none of them may get simulations: the
 * message says how many are on unproven domains (naming them) and how many have not accepted
 * their invitation. A campaign that reaches some starts; the editor has said who is left out.
 * An audience without anyone is left to the start's own `phishing.no_recipients`.
 */
export async function requireReachableAudience(
  db: TDb,
  campaign: { companyId: string; audience: string },
): Promise<void> {
  const reach = await audienceReach(db, campaign.companyId, audienceOf(campaign));
  if (reach.people === 0 || reach.reachable > 0) return;
  throw new DomainError('BAD_REQUEST', 'mail_domains.nobody_reachable', {
    unproven: reach.unprovenPeople,
    domains: reach.unprovenDomains.map((entry) => entry.domain).join(', ') || '–',
    pending: reach.invitationOpen,
  });
}
