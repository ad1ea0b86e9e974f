import { assignCourseToAll } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyProcedure } from '../../trpc.ts';
import { ZAssignAllRequestSchema, ZAssignAllResponseSchema } from './assignment.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/trainings/assign-to-all',
    tags: ['Trainings'],
    summary: 'Assign a course to everyone in the caller’s company',
  },
};

export const assignToAllProcedure = companyProcedure
  .meta(meta)
  .input(ZAssignAllRequestSchema)
  .output(ZAssignAllResponseSchema)
  .mutation(({ ctx, input }) => assignCourseToAll(ctx.db, ctx.companyId, input));
