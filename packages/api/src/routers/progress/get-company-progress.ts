import { getCompanyProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZProgressView } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/progress/get-company-progress',
    tags: ['Progress'],
    summary: 'Employers and managers: every person of their company with the progress in each assigned course',
  },
};

export const ZCompanyProgressResponseSchema = z.array(
  z.object({
    userId: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    role: z.enum(['employer', 'manager', 'employee']),
    courses: z.array(ZProgressView),
  }),
);

export const getCompanyProgressProcedure = companyProcedure
  .meta(meta)
  .input(z.void())
  .output(ZCompanyProgressResponseSchema)
  .query(({ ctx }) => getCompanyProgress(ctx.db, ctx.companyId));
