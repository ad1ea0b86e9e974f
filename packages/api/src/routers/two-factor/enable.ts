import { confirmTotpEnrolment } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZTotpCode } from './two-factor.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/two-factor/enable',
    tags: ['Account'],
    summary: 'Confirm the authenticator with a code; answers ten one-time recovery codes (shown once)',
  },
};

export const twoFactorEnableProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ code: ZTotpCode }))
  .output(z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()) }))
  .mutation(async ({ ctx, input }) => ({
    success: true as const,
    ...(await confirmTotpEnrolment(ctx.db, ctx.config.totpKey, ctx.user.id, input.code, requestMeta(ctx))),
  }));
