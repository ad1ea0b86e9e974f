import { stopCampaign, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/campaigns/{id}/stop',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: stop a campaign for good: unsent mails are cancelled, results stay',
  },
};

export const stopCampaignProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    await stopCampaign(ctx.db, actor, companyId, input.id, systemClock.now());
    return { ok: true as const };
  });
