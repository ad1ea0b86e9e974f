import { readPhishingSettings, systemClock, updatePhishingSettings } from '@portal/core';
import { ZEmail } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';
import { ZPhishingSettings } from './settings.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PATCH',
    path: '/phishing/settings',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: show names (recorded: who, when), how many months events are kept, where reports of real mails go',
    description:
      'A new or changed reportContactEmail is unconfirmed until it opens the link mailed to it (issue 37); nothing is forwarded to it before. At most 3 such mails per company and day: over it 429 confirm_contact.too_many, and nothing changes.',
  },
};

export const updatePhishingSettingsProcedure = phishingWriteProcedure
  .meta(meta)
  .input(
    ZCompanyChoice.extend({
      namesVisible: z.boolean().optional(),
      retentionMonths: z
        .number()
        .int()
        .min(1, { message: 'phishing.retention_invalid' })
        .max(36, { message: 'phishing.retention_invalid' })
        .optional(),
      reportContactEmail: z.union([z.literal(''), ZEmail]).optional(),
    }),
  )
  .output(ZPhishingSettings)
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    await updatePhishingSettings(ctx.db, { user: ctx.user, meta: requestMeta(ctx) }, companyId, input, {
      now: systemClock.now(),
      publicUrl: ctx.config.publicUrl,
    });
    return readPhishingSettings(ctx.db, companyId);
  });
