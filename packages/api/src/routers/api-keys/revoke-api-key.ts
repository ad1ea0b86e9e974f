import { revokeApiKey } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/api-keys/{id}/revoke',
    tags: ['Admin'],
    summary: 'Admins: revoke an API key; every server process refuses it from the next call on',
  },
};

export const revokeApiKeyProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: z.string().min(1).max(64) }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await revokeApiKey(ctx.db, ctx.user, input.id, requestMeta(ctx)));
