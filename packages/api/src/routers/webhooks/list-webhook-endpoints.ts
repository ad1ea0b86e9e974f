import { listWebhookEndpoints } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/webhooks',
    tags: ['Admin'],
    summary: 'Admins: the insurer’s webhook receivers with their latest deliveries (never their secrets)',
  },
};

export const listWebhookEndpointsProcedure = adminProcedure
  .meta(meta)
  .input(z.object({}).optional())
  .output(
    z.object({
      items: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          url: z.string(),
          createdAt: z.string(),
          removedAt: z.string().nullable(),
          deliveries: z.array(
            z.object({
              eventId: z.string(),
              status: z.enum(['pending', 'done', 'failed']),
              attempts: z.number().int(),
              lastError: z.string().nullable(),
              at: z.string(),
            }),
          ),
        }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({ items: await listWebhookEndpoints(ctx.db) }));
