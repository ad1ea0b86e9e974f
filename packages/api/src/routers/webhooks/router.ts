import type { TRPCRouterRecord } from '@trpc/server';
import { createWebhookEndpointProcedure } from './create-webhook-endpoint.ts';
import { listWebhookEndpointsProcedure } from './list-webhook-endpoints.ts';
import { removeWebhookEndpointProcedure } from './remove-webhook-endpoint.ts';

/** Admins manage the insurer's webhook receivers under /api/admin/webhooks (ADR 035). */
export const webhooksRouter = {
  list: listWebhookEndpointsProcedure,
  create: createWebhookEndpointProcedure,
  remove: removeWebhookEndpointProcedure,
} satisfies TRPCRouterRecord;
