import { confirmRegistration } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/confirm-email',
    tags: ['Authentication'],
    summary: 'Confirm a self-registered policyholder’s email address with the link from its mail',
    description:
      'Not in the original call table (issue 37). The token works once; until it is used the company cannot invite, upload, name contacts or start simulations.',
  },
};

export const ZConfirmEmailRequestSchema = z.object({ token: z.string().min(20).max(128) });
export const ZConfirmEmailResponseSchema = z.object({ confirmed: z.literal(true) });

export const confirmEmailProcedure = publicProcedure
  .meta(meta)
  .input(ZConfirmEmailRequestSchema)
  .output(ZConfirmEmailResponseSchema)
  .mutation(async ({ ctx, input }) => await confirmRegistration(ctx.db, input.token));
