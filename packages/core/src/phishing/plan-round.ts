import { randomInt } from 'node:crypto';
import {
  absences,
  and,
  eq,
  inArray,
  not,
  notExists,
  phishingCampaigns,
  phishingMessages,
  reminderSettings,
  sql,
  type TTransaction,
  users,
} from '@portal/db';
import type { TBundesland } from '../jobs/working-time.ts';
import { ZCampaignAudience } from './campaign-types.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { roundStartsOn, spreadSendTimes, type TCampaignRepeat, windowSegments } from './send-window.ts';

export type TCampaignRow = typeof phishingCampaigns.$inferSelect;

/** Rows per insert: 10 values each stay far below both databases' limits on bound parameters. */
const INSERT_SLICE = 500;

/**
 * The people a round mails: the campaign's company only (ADR 036: never anyone outside it), not
 * blocked, not absent on the round's first day, narrowed by the audience rule.
 */
async function recipients(tx: TTransaction, campaign: TCampaignRow, firstDay: string) {
  const audience = ZCampaignAudience.parse(JSON.parse(campaign.audience));
  const rule =
    audience.kind === 'roles'
      ? inArray(users.role, audience.roles)
      : audience.kind === 'people'
        ? inArray(users.id, audience.ids)
        : inArray(users.role, ['employer', 'manager', 'employee']);
  return tx
    .select({ id: users.id, lang: users.lang })
    .from(users)
    .where(
      and(
        eq(users.companyId, campaign.companyId),
        rule,
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
}

/**
 * Plans round `round` of a campaign inside the caller's transaction (ADR 036): one message per
 * recipient with a template (one of the campaign's at random), the recipient's language and a
 * send time spread over the window. The unique (campaign, round, person) makes a repeat a no-op.
 * Answers how many messages it planned.
 */
export async function planRound(tx: TTransaction, campaign: TCampaignRow, round: number, now: Date): Promise<number> {
  const firstDay = roundStartsOn(campaign.startsOn, campaign.repeat as TCampaignRepeat, round);
  const [settings] = await tx
    .select({ state: reminderSettings.state })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, campaign.companyId));
  const people = await recipients(tx, campaign, firstDay);
  const segments = windowSegments(
    firstDay,
    campaign.windowDays,
    { startHour: campaign.startHour, endHour: campaign.endHour },
    (settings?.state ?? null) as TBundesland | null,
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
