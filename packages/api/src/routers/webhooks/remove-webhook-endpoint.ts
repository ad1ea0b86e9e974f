import { removeWebhookEndpoint } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/admin/webhooks/{id}',
    tags: ['Admin'],
    summary: 'Admins: remove a webhook receiver; no more deliveries, its log stays',
  },
};

export const removeWebhookEndpointProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: z.string().min(1).max(64) }))
  .output(z.object({ removed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await removeWebhookEndpoint(ctx.db, ctx.user, input.id, requestMeta(ctx)));
