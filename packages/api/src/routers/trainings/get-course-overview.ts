import { courseDueDatesOf, courseMatrix, courseOverview } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZStaffListRequestSchema } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/trainings/get-course-overview',
    tags: ['Trainings'],
    summary:
      'Course settings: per course how many have it assigned, started, completed, and a page of people × courses',
  },
};

const ZCell = z.enum(['assigned', 'started', 'completed']);

/** Per course: how many of the company have it assigned, started, completed. */
export const ZCourseCounts = z.object({
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  assigned: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
});

export const getCourseOverviewProcedure = companyProcedure
  .meta(meta)
  .input(ZStaffListRequestSchema.extend({ lang: ZLanguage.optional() }))
  .output(
    z.object({
      courses: z.array(ZCourseCounts),
      /** The company's due date per course (`YYYY-MM-DD`), where one is set (ADR 033). */
      dueDates: z.record(z.string(), z.string()),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      people: z.array(
        z.object({
          id: z.string(),
          firstname: z.string(),
          lastname: z.string(),
          role: z.enum(['employer', 'manager', 'employee']),
          courses: z.record(z.string(), ZCell),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => {
    const { lang, ...query } = input;
    return {
      courses: await courseOverview(ctx.db, ctx.companyId, lang ?? ctx.locale),
      dueDates: await courseDueDatesOf(ctx.db, ctx.companyId),
      ...(await courseMatrix(ctx.db, ctx.companyId, query)),
    };
  });
