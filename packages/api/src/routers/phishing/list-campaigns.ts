import { listCampaigns } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { ZCampaignSummary } from './campaign.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/campaigns',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: the company’s phishing simulation campaigns, newest first, with their counts',
  },
};

export const listCampaignsProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(z.array(ZCampaignSummary))
  .query(async ({ ctx, input }) => listCampaigns(ctx.db, await phishingCompany(ctx, input.companyId)));
