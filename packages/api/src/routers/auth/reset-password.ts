import { resetPasswordWithToken } from '@portal/core';
import { ZPassword } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta } from './session-response.ts';

export const ZResetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(128).describe('The token from the reset link'),
  newPassword: ZPassword,
});
export const ZResetPasswordResponseSchema = z.object({ success: z.literal(true) });

/** Sets a new password from a reset link (works once, ends every session of the user). */
export const makeResetPasswordProcedure = (audience: 'customer' | 'admin') => {
  const meta: OpenApiMeta = {
    openapi: {
      method: 'POST',
      path: audience === 'admin' ? '/appuser/reset-password' : '/employee/reset-password',
      tags: ['Authentication'],
      summary: `Set a new password with a reset token (${audience})`,
    },
  };
  return publicProcedure
    .meta(meta)
    .input(ZResetPasswordRequestSchema)
    .output(ZResetPasswordResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPasswordWithToken(ctx.db, { ...input, audience }, requestMeta(ctx));
      return { success: true as const };
    });
};
