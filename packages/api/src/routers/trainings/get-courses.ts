import { courseList } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/trainings/get-courses',
    tags: ['Trainings'],
    summary: 'Employers and managers: the twelve courses with title and image, for assigning them',
  },
};

export const getCoursesProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ lang: ZLanguage.optional() }))
  .output(
    z.array(z.object({ slug: z.string(), title: z.string(), image: z.string(), estimatedMinutes: z.number().int() })),
  )
  .query(({ ctx, input }) => courseList(input.lang ?? ctx.locale));
