import { revokeCourse } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyProcedure } from '../../trpc.ts';
import { ZAssignRequestSchema, ZAssignResponseSchema } from './assignment.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/trainings/revoke',
    tags: ['Trainings'],
    summary: 'Revoke a course from one person of the caller’s company (their progress is kept)',
  },
};

export const revokeProcedure = companyProcedure
  .meta(meta)
  .input(ZAssignRequestSchema)
  .output(ZAssignResponseSchema)
  .mutation(({ ctx, input }) => revokeCourse(ctx.db, ctx.companyId, input));
