import { normaliseTeam, TEAM_MAX_LENGTH } from '@portal/validators';
import { z } from 'zod';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import type { TCampaignRepeat } from './send-window.ts';

/** Who a campaign mails (ADR 036); resolved to people when a round is planned. The API's input too. */
export const ZCampaignAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('roles'),
    roles: z
      .array(z.enum(['employer', 'manager', 'employee']))
      .min(1)
      .max(3),
  }),
  z.object({
    kind: z.literal('teams'),
    /** Team names as people carry them (`users.team`), spaces normalised like theirs. */
    teams: z
      .array(z.string().transform(normaliseTeam).pipe(z.string().min(1).max(TEAM_MAX_LENGTH)))
      .min(1, { message: 'phishing.teams_required' })
      .max(200),
  }),
  z.object({
    kind: z.literal('people'),
    ids: z.array(z.string().min(1).max(64)).min(1, { message: 'phishing.recipients_required' }).max(10_000),
  }),
]);
export type TCampaignAudience = z.infer<typeof ZCampaignAudience>;

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'stopped', 'finished'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_REPEATS = ['none', 'monthly', 'quarterly', 'half-yearly'] as const;

/** What an employer (or an admin for a customer) sets for a campaign. */
export interface TCampaignInput {
  name: string;
  /** Template slugs; with more than one, each recipient gets one of them at random. */
  templates: string[];
  audience: TCampaignAudience;
  /** The first day of the send window, `YYYY-MM-DD` in Berlin. */
  startsOn: string;
  /** Working days the mails are spread over (1-20). */
  windowDays: number;
  startHour: number;
  endHour: number;
  trackOpens: boolean;
  repeat: TCampaignRepeat;
}

/** Counts of a campaign or a slice of it: people, never events (a second click is not counted). */
export interface TPhishingCounts {
  planned: number;
  sent: number;
  /** Of `sent`, the mails of templates with a sign-in page: the base of `submitted` (0: no such share). */
  signInSent: number;
  opened: number;
  clicked: number;
  /** Only for templates with a sign-in page (issue 37.7). */
  submitted: number;
  reported: number;
}

/** Who acts: the employer of the company, or an admin for any customer (ADR 036). */
export interface TCampaignActor {
  user: TSessionUser;
  meta?: TRequestMeta | undefined;
}

/** The audit entry's who, where and from which address, for a step of `actor` in `companyId`. */
export const actorAudit = (actor: TCampaignActor, companyId: string, targetId: string | null = null) => ({
  actorId: actor.user.id,
  actorRole: actor.user.role,
  companyId,
  targetId,
  ip: actor.meta?.ip ?? null,
});
