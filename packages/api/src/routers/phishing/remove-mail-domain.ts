import { removeMailDomain } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/phishing/mail-domains/{id}',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: remove a mail domain; its people get no further simulations (checked again before each mail)',
  },
};

export const removeMailDomainProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await removeMailDomain(ctx.db, { user: ctx.user, meta: requestMeta(ctx) }, companyId, input.id);
    return { ok: true as const };
  });
