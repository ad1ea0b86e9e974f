import { createWebhookEndpoint } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/webhooks',
    tags: ['Admin'],
    summary:
      'Admins: add a webhook receiver of the insurer (https, public address); the answer shows its signing secret once',
  },
};

export const ZCreateWebhookInput = z.object({
  name: z.string().trim().min(1, { message: 'webhooks.name_required' }).max(80),
  url: z.string().trim().min(1, { message: 'webhooks.url_invalid' }).max(500, { message: 'webhooks.url_invalid' }),
});

export const createWebhookEndpointProcedure = adminProcedure
  .meta(meta)
  .input(ZCreateWebhookInput)
  .output(z.object({ id: z.string(), secret: z.string().describe('whsec_…: signs every delivery; shown once') }))
  .mutation(
    async ({ ctx, input }) =>
      await createWebhookEndpoint(ctx.db, ctx.user, input, {
        totpKey: ctx.config.totpKey,
        // Tests only: receivers on http://127.0.0.1 (ADR 035).
        rules: { allowLoopbackHttp: ctx.config.NODE_ENV === 'test' },
        meta: requestMeta(ctx),
      }),
  );
