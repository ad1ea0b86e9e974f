import { resendRegistrationConfirmation } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { employerProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/resend-confirmation',
    tags: ['Authentication'],
    summary: 'Send the registration’s confirmation link again (the earlier one stops working)',
    description: 'Not in the original call table (issue 37). Limited per account and per address.',
  },
};

export const resendConfirmationProcedure = employerProcedure
  .meta(meta)
  .input(z.object({}).optional())
  .output(z.object({ sent: z.literal(true) }))
  .mutation(
    async ({ ctx }) =>
      await resendRegistrationConfirmation(ctx.db, ctx.user, { ip: ctx.ip, publicUrl: ctx.config.publicUrl }),
  );
