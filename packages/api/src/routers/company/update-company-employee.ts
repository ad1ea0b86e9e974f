import { updateStaffMember } from '@portal/core';
import { ZName } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { assertOwnCompany } from './company-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PUT',
    path: '/company/{companyId}/employees/{id}',
    tags: ['Employees'],
    summary: 'Edit the name of a person of the company',
    description: 'Passwords are not set here: people set their own through the invitation or reset link (ADR 014).',
  },
};

export const updateCompanyEmployeeProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ companyId: ZStaffId, id: ZStaffId, firstname: ZName, lastname: ZName }))
  .output(z.object({ id: z.string(), firstname: z.string(), lastname: z.string() }))
  .mutation(({ ctx, input }) => {
    assertOwnCompany(input.companyId, ctx.companyId);
    return updateStaffMember(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input, requestMeta(ctx));
  });
