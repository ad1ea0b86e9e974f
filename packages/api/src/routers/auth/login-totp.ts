import { loginWithTotp } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta, respondToLogin, ZLoginResponse } from './session-response.ts';

export const ZLoginTotpRequestSchema = z.object({
  challengeToken: z.string().min(1).max(128),
  /** Six digits from the app, or a recovery code such as `K7QM2-XWD9H`. */
  code: z.string().trim().min(6).max(16),
});
export const ZLoginTotpResponseSchema = ZLoginResponse;

/** Second sign-in step: the authenticator code (not in the spec's call table; DECISIONS.md TOTP). */
export const makeLoginTotpProcedure = (audience: 'customer' | 'admin') => {
  const meta: OpenApiMeta = {
    openapi: {
      method: 'POST',
      path: audience === 'admin' ? '/appuser/login-totp' : '/employee/login-totp',
      tags: ['Authentication'],
      summary: `Finish sign-in with the authenticator code (${audience})`,
      description:
        'The code from the app or a one-time recovery code. A wrong code answers 401 `totp.code_invalid` and counts as a failed sign-in.',
    },
  };
  return publicProcedure
    .meta(meta)
    .input(ZLoginTotpRequestSchema)
    .output(ZLoginTotpResponseSchema)
    .mutation(async ({ ctx, input }) =>
      respondToLogin(ctx, await loginWithTotp(ctx.db, ctx.config.totpKey, { ...input, audience }, requestMeta(ctx))),
    );
};
