import { companyTeams } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/teams',
    tags: ['Phishing'],
    summary: "Policyholders and admins: the company's teams with how many people are in each (a campaign's audience)",
    description:
      'Teams are what people carry in their `team` field, set by the employee list upload (an optional fourth column) or when a person is invited or edited.',
  },
};

export const listPhishingTeamsProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(z.array(z.object({ name: z.string(), people: z.number().int() })))
  .query(async ({ ctx, input }) => companyTeams(ctx.db, await phishingCompany(ctx, input.companyId)));
