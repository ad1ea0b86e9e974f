import { campaignReach } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { ZStaffId } from '../employee/staff.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/campaigns/{id}/reach',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: whom the campaign’s audience reaches now, and how many are left out because their domain is not proven or their invitation is open',
  },
};

export const campaignReachProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(
    z.object({
      people: z.number().int().describe('People of the audience (not blocked)'),
      reachable: z.number().int().describe('Of them, those simulations reach'),
      unprovenPeople: z.number().int().describe('People on a domain the company has not proven'),
      unprovenDomains: z
        .array(z.object({ domain: z.string(), people: z.number().int() }))
        .describe('The unproven domains, most people first (at most 20)'),
      invitationOpen: z.number().int().describe('People on a proven domain who have not accepted their invitation'),
    }),
  )
  .query(async ({ ctx, input }) => campaignReach(ctx.db, await phishingCompany(ctx, input.companyId), input.id));
