import { totpEnrolmentForChallenge } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';
import { ZTotpEnrolmentResponse } from '../two-factor/two-factor.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/appuser/totp-enrolment',
    tags: ['Authentication'],
    summary: 'QR code for a new admin’s authenticator (between password and first code)',
  },
};

export const totpEnrolmentProcedure = publicProcedure
  .meta(meta)
  .input(z.object({ challengeToken: z.string().min(1).max(128) }))
  .output(ZTotpEnrolmentResponse)
  .mutation(
    async ({ ctx, input }) =>
      await totpEnrolmentForChallenge(ctx.db, ctx.config.totpKey, { ...input, audience: 'admin' }),
  );
