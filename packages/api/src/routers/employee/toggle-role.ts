import { toggleStaffRole } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/toggle-role/{id}',
    tags: ['Employees'],
    summary: 'Policyholder: make an employee a manager or a manager an employee (`expectedRole` is the new role)',
  },
};

export const toggleRoleProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId, expectedRole: z.enum(['manager', 'employee']) }))
  .output(z.object({ id: z.string(), role: z.enum(['manager', 'employee']) }))
  .mutation(
    async ({ ctx, input }) =>
      await toggleStaffRole(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input, requestMeta(ctx)),
  );
