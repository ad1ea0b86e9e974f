import {
  and,
  eq,
  inArray,
  lt,
  phishingCampaigns,
  phishingMessages,
  phishingSettings,
  sql,
  type TDatabase,
  transaction,
} from '@portal/db';
import { hasSignInPage } from './phishing-counts.ts';

const DEFAULT_MONTHS = 12;
/** Messages per transaction: a company's old campaign may hold thousands. */
const SLICE = 500;

/** The instant `months` calendar months before `now` (UTC arithmetic; a day either way does not matter here). */
const monthsBefore = (now: Date, months: number) => {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};

/**
 * The retention job (ADR 036, daily): deletes the messages, with their events and the person they
 * name, that were planned longer ago than the company's retention (default 12 months). Their
 * counts move into the campaign's anonymous `retired_*` totals in the same transaction, so a
 * campaign's rates and the trend across campaigns stay. Answers how many messages went.
 */
export async function runPhishingRetention(db: TDatabase, now = new Date()): Promise<{ deleted: number }> {
  const custom = await db
    .select({ companyId: phishingSettings.companyId, months: phishingSettings.retentionMonths })
    .from(phishingSettings);
  const monthsOf = new Map(custom.map((row) => [row.companyId, row.months]));
  // Companies with messages older than the shortest allowed retention (1 month): the candidates.
  const companies = await db
    .selectDistinct({ companyId: phishingMessages.companyId })
    .from(phishingMessages)
    .where(lt(phishingMessages.createdAt, monthsBefore(now, 1)));
  let deleted = 0;
  for (const { companyId } of companies) {
    const cutoff = monthsBefore(now, monthsOf.get(companyId) ?? DEFAULT_MONTHS);
    for (;;) {
      const slice = await transaction(db, async (tx) => {
        const old = await tx
          .select({
            id: phishingMessages.id,
            campaignId: phishingMessages.campaignId,
            template: phishingMessages.templateSlug,
            sent: phishingMessages.sentAt,
            opened: phishingMessages.openedAt,
            clicked: phishingMessages.clickedAt,
            submitted: phishingMessages.submittedAt,
            reported: phishingMessages.reportedAt,
          })
          .from(phishingMessages)
          .where(and(eq(phishingMessages.companyId, companyId), lt(phishingMessages.createdAt, cutoff)))
          .limit(SLICE);
        const totals = new Map<string, Record<'sent' | 'opened' | 'clicked' | 'submitted' | 'reported', number>>();
        for (const row of old) {
          const sum = totals.get(row.campaignId) ?? { sent: 0, opened: 0, clicked: 0, submitted: 0, reported: 0 };
          for (const kind of ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const) {
            // An old mark on a template without a sign-in page is no "submitted" (issue 37.7).
            if (kind === 'submitted' && !hasSignInPage(row.template)) continue;
            if (row[kind] !== null) sum[kind] += 1;
          }
          totals.set(row.campaignId, sum);
        }
        for (const [campaignId, sum] of totals) {
          await tx
            .update(phishingCampaigns)
            .set({
              retiredSent: sql`${phishingCampaigns.retiredSent} + ${sum.sent}`,
              retiredOpened: sql`${phishingCampaigns.retiredOpened} + ${sum.opened}`,
              retiredClicked: sql`${phishingCampaigns.retiredClicked} + ${sum.clicked}`,
              retiredSubmitted: sql`${phishingCampaigns.retiredSubmitted} + ${sum.submitted}`,
              retiredReported: sql`${phishingCampaigns.retiredReported} + ${sum.reported}`,
            })
            .where(eq(phishingCampaigns.id, campaignId));
        }
        if (old.length > 0) {
          await tx.delete(phishingMessages).where(
            inArray(
              phishingMessages.id,
              old.map((row) => row.id),
            ),
          );
        }
        return old.length;
      });
      deleted += slice;
      if (slice < SLICE) break;
    }
  }
  return { deleted };
}
