import { cachedCompanyStats, systemClock } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZCourseCounts } from '../trainings/get-course-overview.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/statistics/get-company-stats',
    tags: ['Statistics'],
    summary: 'Dashboard of the caller’s company: the figures of spec §3, completion per course, completions per week',
  },
};

export const ZCompanyStatsResponseSchema = z.object({
  learners: z.number().int(),
  startedAtLeastOne: z.number().int(),
  completedAllAssigned: z.number().int(),
  /** Learners with an overdue course, with one due soon (not overdue), and absent today (ADR 033). */
  overdue: z.number().int(),
  dueSoon: z.number().int(),
  absent: z.number().int(),
  averageWorkingSeconds: z.number().int(),
  repeatedQuiz: z.number().int(),
  repeatedModule: z.number().int(),
  averageQuizScore: z.number().nullable(),
  averageAttention: z.number().nullable(),
  courses: z.array(ZCourseCounts),
  completionsOverTime: z.array(
    z.object({ weekStart: z.string(), completed: z.number().int(), cumulative: z.number().int() }),
  ),
});

export const getCompanyStatsProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ lang: ZLanguage.optional() }))
  .output(ZCompanyStatsResponseSchema)
  .query(({ ctx, input }) => cachedCompanyStats(ctx.db, ctx.companyId, input.lang ?? ctx.locale, systemClock.now()));
