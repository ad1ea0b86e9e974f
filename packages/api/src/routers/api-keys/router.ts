import type { TRPCRouterRecord } from '@trpc/server';
import { createApiKeyProcedure } from './create-api-key.ts';
import { listApiKeysProcedure } from './list-api-keys.ts';
import { revokeApiKeyProcedure } from './revoke-api-key.ts';

/** Admins manage the insurer's API keys under /api/admin/api-keys (ADR 035). */
export const apiKeysRouter = {
  list: listApiKeysProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
} satisfies TRPCRouterRecord;
