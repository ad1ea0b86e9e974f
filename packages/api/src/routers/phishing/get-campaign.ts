import { getCampaign } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZStaffId } from '../employee/staff.types.ts';
import { ZCampaignDetail } from './campaign.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/campaigns/{id}',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: one campaign with its counts per template and per day; names only where switched on',
  },
};

export const getCampaignProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(ZCampaignDetail)
  .query(async ({ ctx, input }) => getCampaign(ctx.db, await phishingCompany(ctx, input.companyId), input.id));
