import { resumeCampaign, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/campaigns/{id}/resume',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: resume a paused campaign: mails that fell due meanwhile are spread over the next working hours (403 phishing.approval_required while the provider’s approval is missing)',
  },
};

export const resumeCampaignProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    await resumeCampaign(ctx.db, actor, companyId, input.id, systemClock.now(), ctx.config.phishing.approval);
    return { ok: true as const };
  });
