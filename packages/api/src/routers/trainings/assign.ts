import { assignCourse } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyProcedure } from '../../trpc.ts';
import { ZAssignRequestSchema, ZAssignResponseSchema } from './assignment.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/trainings/assign',
    tags: ['Trainings'],
    summary: 'Assign a course to one person of the caller’s company',
  },
};

export const assignProcedure = companyProcedure
  .meta(meta)
  .input(ZAssignRequestSchema)
  .output(ZAssignResponseSchema)
  .mutation(({ ctx, input }) => assignCourse(ctx.db, ctx.companyId, input));
