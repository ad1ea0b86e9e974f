import { and, asc, desc, eq, isNotNull, phishingCampaigns, phishingMessages, type TDb, users } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { notFound } from '../errors.ts';
import type { TCampaignAudience, TCampaignStatus, TPhishingCounts } from './campaign-types.ts';
import {
  addCounts,
  countColumns,
  emptyCounts,
  hasSignInPage,
  live,
  numbers,
  retiredSignIn,
} from './phishing-counts.ts';
import { readPhishingSettings } from './phishing-settings.ts';
import type { TCampaignRepeat } from './send-window.ts';

export interface TCampaignSummary {
  id: string;
  name: string;
  status: TCampaignStatus;
  templates: string[];
  audience: TCampaignAudience;
  startsOn: string;
  windowDays: number;
  startHour: number;
  endHour: number;
  trackOpens: boolean;
  repeat: TCampaignRepeat;
  rounds: number;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  counts: TPhishingCounts;
}

export interface TCampaignDetail extends TCampaignSummary {
  perTemplate: (TPhishingCounts & { template: string })[];
  /** Per Berlin day, the people whose first event of each kind fell on it. */
  perDay: { day: string; sent: number; opened: number; clicked: number; submitted: number; reported: number }[];
  /** Works council mode (ADR 036): null unless the employer switched names on. */
  recipients: TCampaignRecipient[] | null;
}

export interface TCampaignRecipient {
  name: string;
  template: string;
  round: number;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  submittedAt: string | null;
  reportedAt: string | null;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

type TCampaignRow = typeof phishingCampaigns.$inferSelect;

function summary(row: TCampaignRow, counts: TPhishingCounts): TCampaignSummary {
  // Messages the retention job deleted stay in the counts (ADR 036).
  const withRetired = addCounts(counts, {
    planned: row.retiredSent,
    sent: row.retiredSent,
    opened: row.retiredOpened,
    clicked: row.retiredClicked,
    reported: row.retiredReported,
    ...retiredSignIn(row),
  });
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    templates: JSON.parse(row.templates) as string[],
    audience: JSON.parse(row.audience) as TCampaignAudience,
    startsOn: row.startsOn,
    windowDays: row.windowDays,
    startHour: row.startHour,
    endHour: row.endHour,
    trackOpens: row.trackOpens,
    repeat: row.repeat,
    rounds: row.rounds,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    counts: withRetired,
  };
}

/** A company's campaigns, newest first, with their counts (people, not events). */
export async function listCampaigns(db: TDb, companyId: string): Promise<TCampaignSummary[]> {
  const rows = await db
    .select()
    .from(phishingCampaigns)
    .where(eq(phishingCampaigns.companyId, companyId))
    .orderBy(desc(phishingCampaigns.createdAt), asc(phishingCampaigns.id));
  const counts = await db
    .select({ campaignId: phishingMessages.campaignId, ...countColumns() })
    .from(phishingMessages)
    .where(and(eq(phishingMessages.companyId, companyId), live()))
    .groupBy(phishingMessages.campaignId);
  return rows.map((row) => {
    const found = counts.find((c) => c.campaignId === row.id);
    return summary(row, found ? numbers(found) : emptyCounts());
  });
}

/** One campaign of the company with its counts per template and per day, and names if switched on. */
export async function getCampaign(db: TDb, companyId: string, id: string): Promise<TCampaignDetail> {
  const [row] = await db
    .select()
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.id, id), eq(phishingCampaigns.companyId, companyId)));
  if (!row) throw notFound();
  const scope = and(eq(phishingMessages.campaignId, id), live());
  const perTemplate = await db
    .select({ template: phishingMessages.templateSlug, ...countColumns() })
    .from(phishingMessages)
    .where(scope)
    .groupBy(phishingMessages.templateSlug)
    .orderBy(phishingMessages.templateSlug);
  // The campaign's counts are the sum of its templates' (every message has one template).
  const templates = perTemplate.map(({ template, ...counts }) => ({ template, ...numbers(counts) }));
  // Bucketed here, in Berlin days, the same on both databases (a campaign has thousands of rows, not millions).
  const events = await db
    .select({
      template: phishingMessages.templateSlug,
      sent: phishingMessages.sentAt,
      opened: phishingMessages.openedAt,
      clicked: phishingMessages.clickedAt,
      submitted: phishingMessages.submittedAt,
      reported: phishingMessages.reportedAt,
    })
    .from(phishingMessages)
    .where(and(scope, isNotNull(phishingMessages.sentAt)));
  const perDay = new Map<string, TCampaignDetail['perDay'][number]>();
  for (const event of events) {
    for (const kind of ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const) {
      const at = event[kind];
      if (!at || (kind === 'submitted' && !hasSignInPage(event.template))) continue;
      const day = berlinDay(at);
      const slot = perDay.get(day) ?? { day, sent: 0, opened: 0, clicked: 0, submitted: 0, reported: 0 };
      slot[kind] += 1;
      perDay.set(day, slot);
    }
  }
  const settings = await readPhishingSettings(db, companyId);
  const recipients = settings.namesVisible
    ? (
        await db
          .select({
            firstname: users.firstname,
            lastname: users.lastname,
            template: phishingMessages.templateSlug,
            round: phishingMessages.round,
            sentAt: phishingMessages.sentAt,
            openedAt: phishingMessages.openedAt,
            clickedAt: phishingMessages.clickedAt,
            submittedAt: phishingMessages.submittedAt,
            reportedAt: phishingMessages.reportedAt,
          })
          .from(phishingMessages)
          .innerJoin(users, eq(users.id, phishingMessages.userId))
          .where(and(scope, eq(users.companyId, companyId)))
          .orderBy(users.lastname, users.firstname, phishingMessages.round)
      ).map((r) => ({
        name: `${r.firstname} ${r.lastname}`.trim(),
        template: r.template,
        round: r.round,
        sentAt: iso(r.sentAt),
        openedAt: iso(r.openedAt),
        clickedAt: iso(r.clickedAt),
        // A template without a sign-in page has no such step (an old mark is not shown).
        submittedAt: hasSignInPage(r.template) ? iso(r.submittedAt) : null,
        reportedAt: iso(r.reportedAt),
      }))
    : null;
  return {
    ...summary(row, templates.reduce(addCounts, emptyCounts())),
    perTemplate: templates,
    perDay: [...perDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
    recipients,
  };
}
