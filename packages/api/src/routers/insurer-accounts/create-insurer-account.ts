import { createInsurerAccount } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZCreateAdminRequestSchema } from '../employee/create-admin.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/insurer-accounts',
    tags: ['Admin'],
    summary: 'Admins: create an insurer account (read-only; sets up the authenticator at the first sign-in)',
  },
};

export const createInsurerAccountProcedure = adminProcedure
  .meta(meta)
  .input(ZCreateAdminRequestSchema)
  .output(z.object({ id: z.string(), created: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await createInsurerAccount(ctx.db, ctx.user, input, requestMeta(ctx)));
