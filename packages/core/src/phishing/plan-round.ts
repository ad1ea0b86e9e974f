import { randomInt } from 'node:crypto';
import {
  absences,
  and,
  eq,
  isNull,
  lte,
  not,
  notExists,
  phishingCampaigns,
  phishingMessages,
  reminderSettings,
  sql,
  type TTransaction,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import type { TBundesland } from '../jobs/working-time.ts';
import { audienceRule } from './audience-rule.ts';
import { ZCampaignAudience } from './campaign-types.ts';
import { provenDomains, recipientBar } from './mail-domains/recipient-rule.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { roundStartsOn, spreadSendTimes, type TCampaignRepeat, windowSegments } from './send-window.ts';

export type TCampaignRow = typeof phishingCampaigns.$inferSelect;

/** Rows per insert: 10 values each stay far below both databases' limits on bound parameters. */
const INSERT_SLICE = 500;

/**
 * The people a round mails: the campaign's company only (ADR 036: never anyone outside it), not
 * blocked, not absent on the round's first day, narrowed by the audience rule, and only those on
 * a domain the company has proven who have accepted their invitation (issue 37, `recipientBar`).
 */
async function recipients(tx: TTransaction, campaign: TCampaignRow, firstDay: string) {
  const proven = (await provenDomains(tx, [campaign.companyId])).get(campaign.companyId) ?? new Set<string>();
  const people = await tx
    .select({ id: users.id, lang: users.lang, email: users.email, active: users.active })
    .from(users)
    .where(
      and(
        eq(users.companyId, campaign.companyId),
        audienceRule(ZCampaignAudience.parse(JSON.parse(campaign.audience))),
        not(users.locked),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(absences)
            .where(
              and(
                eq(absences.userId, users.id),
                sql`${absences.startsOn} <= ${firstDay}`,
                sql`${absences.endsOn} >= ${firstDay}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(users.id);
  return people.filter((person) => recipientBar(person, proven) === null);
}

/** The company's Bundesland, whose holidays join the national ones (ADR 033). */
export async function companyState(tx: TTransaction, companyId: string): Promise<TBundesland | null> {
  const [settings] = await tx
    .select({ state: reminderSettings.state })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId));
  return (settings?.state ?? null) as TBundesland | null;
}

/**
 * Plans round `round` of a campaign inside the caller's transaction (ADR 036): one message per
 * recipient with a template (one of the campaign's at random), the recipient's language and a
 * send time spread over the window. The unique (campaign, round, person) makes a repeat a no-op.
 * Answers how many messages it planned.
 */
export async function planRound(tx: TTransaction, campaign: TCampaignRow, round: number, now: Date): Promise<number> {
  const firstDay = roundStartsOn(campaign.startsOn, campaign.repeat as TCampaignRepeat, round);
  const people = await recipients(tx, campaign, firstDay);
  const segments = windowSegments(
    firstDay,
    campaign.windowDays,
    { startHour: campaign.startHour, endHour: campaign.endHour },
    await companyState(tx, campaign.companyId),
    now,
  );
  const times = spreadSendTimes(segments, people.length);
  // Shuffled, so that the first people in id order are not always the first to get a mail.
  const order = times.map((time) => ({ time, key: randomInt(2 ** 32) })).sort((a, b) => a.key - b.key);
  const slugs = JSON.parse(campaign.templates) as string[];
  const rows = people.map((person, index) => {
    const slug = slugs[slugs.length === 1 ? 0 : randomInt(slugs.length)] ?? '';
    return {
      campaignId: campaign.id,
      companyId: campaign.companyId,
      round,
      userId: person.id,
      templateSlug: slug,
      templateVersion: phishingTemplate(slug)?.meta.version ?? '0.0.0',
      lang: person.lang,
      sendAt: order[index]?.time ?? now,
      createdAt: now,
    };
  });
  let planned = 0;
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    const inserted = await tx
      .insert(phishingMessages)
      .values(rows.slice(start, start + INSERT_SLICE))
      .onConflictDoNothing()
      .returning({ id: phishingMessages.id });
    planned += inserted.length;
  }
  await tx
    .update(phishingCampaigns)
    .set({
      rounds: sql`case when ${phishingCampaigns.rounds} > ${round + 1} then ${phishingCampaigns.rounds} else ${round + 1} end`,
    })
    .where(eq(phishingCampaigns.id, campaign.id));
  return planned;
}

/**
 * Spreads a campaign's unsent mails that fell due while it was paused (or its company's sending
 * stopped) over the rest of today's working hours, and the next working day's when less than two
 * hours are left, so that they do not all arrive in the first minute (ADR 036).
 */
export async function respreadOverdue(tx: TTransaction, campaign: TCampaignRow, now: Date): Promise<number> {
  const overdue = await tx
    .select({ id: phishingMessages.id })
    .from(phishingMessages)
    .where(
      and(
        eq(phishingMessages.campaignId, campaign.id),
        isNull(phishingMessages.sentAt),
        isNull(phishingMessages.cancelledAt),
        lte(phishingMessages.sendAt, now),
      ),
    );
  if (overdue.length === 0) return 0;
  const [today, tomorrow] = windowSegments(
    berlinDay(now),
    2,
    { startHour: campaign.startHour, endHour: campaign.endHour },
    await companyState(tx, campaign.companyId),
    now,
  );
  const short = !today || today.to - today.from < 2 * 60 * 60 * 1000;
  const segments = [today, short ? tomorrow : undefined].filter((segment) => segment !== undefined);
  const times = spreadSendTimes(segments, overdue.length);
  for (const [index, message] of overdue.entries()) {
    await tx
      .update(phishingMessages)
      .set({ sendAt: times[index] ?? now })
      .where(eq(phishingMessages.id, message.id));
  }
  return overdue.length;
}
