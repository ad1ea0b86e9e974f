import { readPhishingSettings } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';
import { ZPhishingSettings } from './settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/settings',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: the kill switch, whether names are shown, retention and the report contact',
  },
};

export const getPhishingSettingsProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(ZPhishingSettings)
  .query(async ({ ctx, input }) => readPhishingSettings(ctx.db, await phishingCompany(ctx, input.companyId)));
