import { pauseCampaign, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/campaigns/{id}/pause',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: pause a running campaign: nothing more is sent until it is resumed',
  },
};

export const pauseCampaignProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    await pauseCampaign(ctx.db, actor, companyId, input.id, systemClock.now());
    return { ok: true as const };
  });
