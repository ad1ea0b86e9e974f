import { resetAdminTwoFactor } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/appuser/{id}/reset-two-factor',
    tags: ['Admin'],
    summary:
      'Admins: reset another admin’s or an insurer account’s authenticator (lost phone); the next sign-in sets up a new one',
  },
};

export const resetTwoFactorProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: z.string().min(1).max(64) }))
  .output(z.object({ reset: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await resetAdminTwoFactor(ctx.db, ctx.user, input.id, requestMeta(ctx)));
