import { updateCampaign } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { hoursInOrder, toCampaignInput, ZCampaignFields } from './campaign.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PUT',
    path: '/phishing/campaigns/{id}',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: change a draft campaign (409 once it has started)',
  },
};

export const updateCampaignProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCampaignFields.extend({ ...ZCompanyChoice.shape, id: ZStaffId }).refine(...hoursInOrder))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await updateCampaign(
      ctx.db,
      { user: ctx.user, meta: requestMeta(ctx) },
      companyId,
      input.id,
      toCampaignInput(input),
    );
    return { ok: true as const };
  });
