import { defaultStatsPeriod, isCalendarDate, overallStats } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/statistics/get-overall-stats',
    tags: ['Statistics'],
    summary:
      'Admin statistics over all policyholders for a period (default: this month and the 11 before): companies, people, AVV, trainings, certificates, per course, per week or month',
  },
};

const ZCalendarDate = z.string().refine(isCalendarDate, { message: 'admin_stats.date_invalid' });

/**
 * `from` and `to` are German calendar days (YYYY-MM-DD), both included; `to` not before `from`,
 * the span under five years. Either left out takes the default period's day.
 */
export const ZOverallStatsRequestSchema = z.object({
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
  /** Language of the course titles; the caller's locale when left out. */
  lang: ZLanguage.optional(),
});

/** Per catalog course. */
export const ZOverallCourseStats = z.object({
  slug: z.string(),
  title: z.string(),
  /** Current: assignments of the course (over all companies). */
  assigned: z.number().int(),
  /** Current: people with progress in the course (started or completed), also where it was revoked since. */
  started: z.number().int(),
  /** Current: people who completed the course, also where it was revoked since. */
  completed: z.number().int(),
  /** In the period: completions of the course (completed_at in the period), assigned or not. */
  completedInPeriod: z.number().int(),
});

/** One week (Monday to Sunday) or calendar month, cut to the period. */
export const ZStatsBucket = z.object({
  /** First and last day of the bucket inside the period (YYYY-MM-DD). */
  start: z.string(),
  end: z.string(),
  registrations: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
  certificates: z.number().int(),
});

/**
 * The admin statistics. "In the period" counts events on a German calendar day of [from, to];
 * "current" is today's state whatever the period.
 */
export const ZOverallStatsResponseSchema = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    /** `week` when the period is shorter than three months, else `month`. */
    granularity: z.enum(['week', 'month']),
  }),
  /** When the figures were computed (ISO 8601). */
  generatedAt: z.string(),
  companies: z.object({
    /** Current: all companies (policyholders). */
    total: z.number().int(),
    /** In the period: companies registered (created_at). */
    registered: z.number().int(),
    /** In the period: companies with at least one course progress saved (updated_at). */
    active: z.number().int(),
    /** Current: companies whose policyholder (owner) has accepted the AVV. */
    avvAccepted: z.number().int(),
    /** Current: avvAccepted / total, 0-1 to four places; null without companies. */
    avvAcceptanceRate: z.number().nullable(),
  }),
  /** Current: accounts that belong to a company (policyholders, managers, employees; no admins). */
  employees: z.object({
    total: z.number().int(),
    /** Have set a password (account activated). */
    activated: z.number().int(),
    /** Invited, not activated yet. */
    invited: z.number().int(),
  }),
  /** In the period: courses started (started_at) and completed (completed_at), assigned or not. */
  trainings: z.object({ started: z.number().int(), completed: z.number().int() }),
  /** In the period: certificates issued (issued_at) by kind, revoked ones included. */
  certificates: z.object({ personal: z.number().int(), company: z.number().int(), total: z.number().int() }),
  /** The twelve catalog courses in catalog order. */
  courses: z.array(ZOverallCourseStats),
  /** Registrations, starts, completions and certificates per week or month, oldest first. */
  series: z.array(ZStatsBucket),
});

export type TOverallStatsRequest = z.infer<typeof ZOverallStatsRequestSchema>;

export const getOverallStatsProcedure = adminProcedure
  .meta(meta)
  .input(ZOverallStatsRequestSchema)
  .output(ZOverallStatsResponseSchema)
  .query(({ ctx, input }) => {
    const defaults = defaultStatsPeriod();
    return overallStats(ctx.db, {
      from: input.from ?? defaults.from,
      to: input.to ?? defaults.to,
      lang: input.lang ?? ctx.locale,
    });
  });
