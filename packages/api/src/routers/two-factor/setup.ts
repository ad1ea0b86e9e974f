import { beginTotpEnrolment } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZTotpEnrolmentResponse } from './two-factor.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/two-factor/setup',
    tags: ['Account'],
    summary: 'Start setting up an authenticator app',
  },
};

export const twoFactorSetupProcedure = authedProcedure
  .meta(meta)
  .input(z.void())
  .output(ZTotpEnrolmentResponse)
  .mutation(async ({ ctx }) => await beginTotpEnrolment(ctx.db, ctx.config.totpKey, ctx.user.id));
