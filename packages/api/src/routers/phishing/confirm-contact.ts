import { confirmReportContact } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/confirm-contact',
    tags: ['Phishing'],
    summary: 'Confirm an IT contact’s address for forwarded reports with the link from its mail',
    description:
      'Not in the original call table (issue 37). The token works once, for 7 days; a changed address needs its own link. Invalid, used or expired: 400 confirm_contact.invalid_link.',
  },
};

export const ZConfirmContactRequestSchema = z.object({ token: z.string().min(20).max(128) });
export const ZConfirmContactResponseSchema = z.object({
  confirmed: z.literal(true),
  company: z.string().describe('The company whose IT contact the address now is'),
  email: z.string(),
});

export const confirmContactProcedure = publicProcedure
  .meta(meta)
  .input(ZConfirmContactRequestSchema)
  .output(ZConfirmContactResponseSchema)
  .mutation(async ({ ctx, input }) => await confirmReportContact(ctx.db, input.token));
