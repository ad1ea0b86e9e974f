import { updateStaffMember } from '@portal/core';
import { ZName, ZTeam } from '@portal/validators';
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
    summary: 'Edit the name and team of a person of the company',
    description:
      'Passwords are not set here: people set their own through the invitation or reset link (ADR 014). Without `team` the team stays as it is; `""` removes it.',
  },
};

export const updateCompanyEmployeeProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ companyId: ZStaffId, id: ZStaffId, firstname: ZName, lastname: ZName, team: ZTeam.optional() }))
  .output(z.object({ id: z.string(), firstname: z.string(), lastname: z.string(), team: z.string() }))
  .mutation(({ ctx, input }) => {
    assertOwnCompany(input.companyId, ctx.companyId);
    return updateStaffMember(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input, requestMeta(ctx));
  });
