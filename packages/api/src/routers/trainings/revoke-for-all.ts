import { revokeCourseForAll } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyProcedure } from '../../trpc.ts';
import { ZAssignAllRequestSchema, ZAssignAllResponseSchema } from './assignment.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/trainings/revoke-for-all',
    tags: ['Trainings'],
    summary: 'Revoke a course from everyone in the caller’s company',
  },
};

export const revokeForAllProcedure = companyProcedure
  .meta(meta)
  .input(ZAssignAllRequestSchema)
  .output(ZAssignAllResponseSchema)
  .mutation(({ ctx, input }) => revokeCourseForAll(ctx.db, ctx.companyId, input));
