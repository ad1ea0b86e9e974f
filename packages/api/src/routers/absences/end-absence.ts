import { endAbsence, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/absences/end',
    tags: ['Absences'],
    summary: 'The person is back: a current absence ends yesterday, a planned one is dropped',
  },
};

export const endAbsenceProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ userId: ZStaffId }))
  .output(z.object({ userId: z.string(), ended: z.number().int() }))
  .mutation(({ ctx, input }) => endAbsence(ctx.db, ctx.user, ctx.companyId, input, systemClock.now()));
