import { allowPhishingSending, readPhishingSettings, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { requestMeta } from '../auth/session-response.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';
import { ZPhishingSettings } from './settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/settings/allow-sending',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: allow sending again after the kill switch',
  },
};

export const allowPhishingSendingProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(ZPhishingSettings)
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await allowPhishingSending(ctx.db, { user: ctx.user, meta: requestMeta(ctx) }, companyId, systemClock.now());
    return readPhishingSettings(ctx.db, companyId);
  });
