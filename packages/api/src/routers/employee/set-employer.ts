import { handOverPolicyholder } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/set-employer/{id}',
    tags: ['Employees'],
    summary: 'Hand the policyholder role to person {id}; `role` (query) is the former holder’s new role',
    description: 'Both people are signed out; ownership of the company and its accepted AVV move with the role.',
  },
};

export const setEmployerProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId, role: z.enum(['manager', 'employee']) }))
  .output(z.object({ employerId: z.string(), formerRole: z.enum(['manager', 'employee']) }))
  .mutation(
    async ({ ctx, input }) =>
      await handOverPolicyholder(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input, requestMeta(ctx)),
  );
