import { deleteStaffMember } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { assertOwnCompany } from './company-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/company/{companyId}/employees/{id}',
    tags: ['Employees'],
    summary: 'Delete a person of the company with all their progress',
  },
};

export const deleteCompanyEmployeeProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ companyId: ZStaffId, id: ZStaffId }))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(({ ctx, input }) => {
    assertOwnCompany(input.companyId, ctx.companyId);
    return deleteStaffMember(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input.id, requestMeta(ctx));
  });
