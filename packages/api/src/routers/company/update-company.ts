import { updateCompany } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { authedProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { ZCompanyPatch, ZCompanyResponse } from './company.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PATCH',
    path: '/company/{id}',
    tags: ['Company'],
    summary: 'Edit the company data (policyholder; admins: any). Insurance number: empty or AS- plus 10 digits',
  },
};

// authed, not company-scoped: the policyholder must be able to complete the settings while the
// AVV still blocks other actions.
export const updateCompanyProcedure = authedProcedure
  .meta(meta)
  .input(ZCompanyPatch.extend({ id: ZStaffId }))
  .output(ZCompanyResponse)
  .mutation(({ ctx, input }) => {
    const { id, ...patch } = input;
    return updateCompany(ctx.db, ctx.user, id, patch, requestMeta(ctx));
  });
