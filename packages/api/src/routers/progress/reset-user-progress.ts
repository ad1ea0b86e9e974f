import { resetStaffProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/reset-user-progress/{id}',
    tags: ['Progress'],
    summary: 'Reset one person’s training progress (assignments stay)',
  },
};

export const resetUserProgressProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(z.object({ reset: z.number().int() }))
  .mutation(({ ctx, input }) =>
    resetStaffProgress(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input.id, requestMeta(ctx)),
  );
