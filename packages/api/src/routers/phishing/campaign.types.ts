import { CAMPAIGN_REPEATS, CAMPAIGN_STATUSES, type TCampaignInput, ZCampaignAudience } from '@portal/core';
import { ZCalendarDay } from '@portal/validators';
import { z } from 'zod';

/** A campaign as the policyholder sets it (ADR 036); the send window is in Berlin working hours. */
export const ZCampaignFields = z.object({
  name: z.string().trim().min(1, { message: 'phishing.name_required' }).max(120, { message: 'validation.too_long' }),
  templates: z
    .array(z.string().min(1).max(80))
    .min(1, { message: 'phishing.templates_required' })
    .max(24)
    .describe('Template slugs (GET /phishing/templates); with several, each recipient gets one at random'),
  audience: ZCampaignAudience,
  firstDay: ZCalendarDay.describe('The first day of the send window, YYYY-MM-DD (Berlin)'),
  windowDays: z.number().int().min(1).max(20).describe('Working days the mails are spread over'),
  startHour: z.number().int().min(6).max(20).default(9),
  endHour: z.number().int().min(7).max(21).default(17),
  trackOpens: z.boolean().default(false).describe('An image that counts opens; off by default (ADR 036)'),
  repeat: z.enum(CAMPAIGN_REPEATS).default('none'),
});

/** The hours check spans two fields, so it joins each call's whole input. */
export const hoursInOrder = [
  (body: { startHour: number; endHour: number }) => body.endHour > body.startHour,
  { message: 'phishing.hours_invalid', path: ['endHour'] as PropertyKey[] },
] as const;

export const toCampaignInput = (body: z.infer<typeof ZCampaignFields>): TCampaignInput => ({
  name: body.name,
  templates: body.templates,
  audience: body.audience,
  startsOn: body.firstDay,
  windowDays: body.windowDays,
  startHour: body.startHour,
  endHour: body.endHour,
  trackOpens: body.trackOpens,
  repeat: body.repeat,
});

export const ZCounts = z.object({
  planned: z.number().int(),
  sent: z.number().int(),
  signInSent: z
    .number()
    .int()
    .describe(
      'Of `sent`, mails of templates with an imitated sign-in page: the base of `submitted` (0: no such share)',
    ),
  opened: z.number().int(),
  clicked: z.number().int(),
  submitted: z.number().int().describe('People who sent the imitated sign-in form (templates with one only)'),
  reported: z.number().int(),
});

export const ZCampaignSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  templates: z.array(z.string()),
  audience: ZCampaignAudience,
  startsOn: z.string(),
  windowDays: z.number().int(),
  startHour: z.number().int(),
  endHour: z.number().int(),
  trackOpens: z.boolean(),
  repeat: z.enum(CAMPAIGN_REPEATS),
  rounds: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  counts: ZCounts,
});

export const ZCampaignDetail = ZCampaignSummary.extend({
  perTemplate: z.array(ZCounts.extend({ template: z.string() })),
  perDay: z.array(
    z.object({
      day: z.string(),
      sent: z.number().int(),
      opened: z.number().int(),
      clicked: z.number().int(),
      submitted: z.number().int(),
      reported: z.number().int(),
    }),
  ),
  recipients: z
    .array(
      z.object({
        name: z.string(),
        template: z.string(),
        round: z.number().int(),
        sentAt: z.string().nullable(),
        openedAt: z.string().nullable(),
        clickedAt: z.string().nullable(),
        submittedAt: z.string().nullable(),
        reportedAt: z.string().nullable(),
      }),
    )
    .nullable()
    .describe('Null in works council mode (the default): names only where the policyholder switched them on'),
});
