import { startCampaign, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/campaigns/{id}/start',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: start a draft: its first round is planned over the send window (400 when it reaches nobody; 403 phishing.approval_required while the provider’s approval is missing)',
  },
};

export const startCampaignProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ planned: z.number().int() }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    return await startCampaign(ctx.db, actor, companyId, input.id, systemClock.now(), ctx.config.phishing.approval);
  });
