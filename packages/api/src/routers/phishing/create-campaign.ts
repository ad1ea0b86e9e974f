import { createCampaign } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { hoursInOrder, toCampaignInput, ZCampaignFields } from './campaign.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/campaigns',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: a new campaign in draft; nothing is sent until it is started',
  },
};

export const createCampaignProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCampaignFields.extend(ZCompanyChoice.shape).refine(...hoursInOrder))
  .output(z.object({ id: z.string() }))
  .mutation(async ({ ctx, input }) =>
    createCampaign(
      ctx.db,
      { user: ctx.user, meta: requestMeta(ctx) },
      await phishingCompany(ctx, input.companyId),
      toCampaignInput(input),
    ),
  );
