import { readPhishingSettings, stopPhishingSending, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { requestMeta } from '../auth/session-response.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';
import { ZPhishingSettings } from './settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/settings/stop-sending',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: the kill switch: stop all sending of simulations for the company at once; undelivered mails are taken back',
  },
};

export const stopPhishingSendingProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(ZPhishingSettings)
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await stopPhishingSending(ctx.db, { user: ctx.user, meta: requestMeta(ctx) }, companyId, systemClock.now());
    return readPhishingSettings(ctx.db, companyId);
  });
