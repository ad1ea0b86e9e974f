import { totpStatus } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/two-factor/status',
    tags: ['Account'],
    summary: 'Is two-factor sign-in on?',
  },
};

export const twoFactorStatusProcedure = authedProcedure
  .meta(meta)
  .input(z.void())
  .output(z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() }))
  .query(async ({ ctx }) => await totpStatus(ctx.db, ctx.user.id));
