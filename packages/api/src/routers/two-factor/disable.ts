import { disableTotp } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/two-factor/disable',
    tags: ['Account'],
    summary: 'Turn two-factor sign-in off (needs the password; not for admins)',
  },
};

export const twoFactorDisableProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ currentPassword: z.string().min(1).max(256) }))
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await disableTotp(ctx.db, ctx.user.id, input.currentPassword, requestMeta(ctx));
    return { success: true as const };
  });
