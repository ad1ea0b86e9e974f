import { requestPasswordReset } from '@portal/core';
import { ZResetRequestForm } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta } from './session-response.ts';

export const ZResetRequestSchema = ZResetRequestForm;
export const ZResetResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Password reset request; the answer never tells whether the email exists. */
export const makeResetProcedure = (audience: 'customer' | 'admin') => {
  const meta: OpenApiMeta = {
    openapi: {
      method: 'POST',
      path: audience === 'admin' ? '/appuser/reset' : '/employee/reset',
      tags: ['Authentication'],
      summary: `Request a password reset link (${audience})`,
      description: 'Always answers success, whether or not the email belongs to an account.',
    },
  };
  return publicProcedure
    .meta(meta)
    .input(ZResetRequestSchema)
    .output(ZResetResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(
        ctx.db,
        { email: input.email, audience, publicUrl: ctx.config.publicUrl },
        requestMeta(ctx),
      );
      return { success: true as const, message: ctx.t('reset_password.link_sent_successfully') };
    });
};
