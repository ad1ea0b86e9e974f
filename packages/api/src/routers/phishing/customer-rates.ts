import { customerPhishingRates } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/customers',
    tags: ['Phishing'],
    summary:
      'Admins: every customer that has run phishing simulations, with its people sent, clicked, submitted and reported over all campaigns',
  },
};

/** The provider's view across customers (ADR 036): counts only, the highest click rate first. */
export const customerPhishingRatesProcedure = adminProcedure
  .meta(meta)
  .input(z.void())
  .output(
    z.array(
      z.object({
        companyId: z.string(),
        companyName: z.string(),
        policyholderId: z.string().nullable(),
        campaigns: z.number().int(),
        lastStartedAt: z.string().nullable(),
        sent: z.number().int(),
        signInSent: z
          .number()
          .int()
          .describe('Of `sent`, mails of templates with an imitated sign-in page: the base of `submitted`'),
        clicked: z.number().int(),
        submitted: z.number().int().describe('People who sent the imitated sign-in form (templates with one only)'),
        reported: z.number().int(),
      }),
    ),
  )
  .query(({ ctx }) => customerPhishingRates(ctx.db));
