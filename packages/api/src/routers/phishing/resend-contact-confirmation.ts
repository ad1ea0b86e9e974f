import { readPhishingSettings, resendContactConfirmation, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { requestMeta } from '../auth/session-response.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';
import { ZPhishingSettings } from './settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/settings/resend-contact-confirmation',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: mail the unconfirmed IT contact a new confirmation link (the earlier one stops working)',
    description:
      'Not in the original call table (issue 37). Counts against the same 3 mails per company and day as setting the address (429 confirm_contact.too_many); 409 when there is nothing to confirm.',
  },
};

export const resendContactConfirmationProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(ZPhishingSettings)
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await resendContactConfirmation(
      ctx.db,
      { user: ctx.user, meta: requestMeta(ctx) },
      companyId,
      { publicUrl: ctx.config.publicUrl },
      systemClock.now(),
    );
    return readPhishingSettings(ctx.db, companyId);
  });
