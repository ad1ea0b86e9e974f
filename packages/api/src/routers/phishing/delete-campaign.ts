import { deleteCampaign } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/phishing/campaigns/{id}',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: delete a draft campaign (a started one is stopped instead)',
  },
};

export const deleteCampaignProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await deleteCampaign(ctx.db, { user: ctx.user, meta: requestMeta(ctx) }, companyId, input.id);
    return { ok: true as const };
  });
