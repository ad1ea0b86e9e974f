import { listApiKeys } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/api-keys',
    tags: ['Admin'],
    summary: 'Admins: the insurer’s API keys, newest first (never their secrets)',
  },
};

export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The start of the key, to tell keys apart'),
  scope: z.literal('insurer:read'),
  state: z.enum(['active', 'revoked', 'expired']),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe('Moves at most once a minute'),
});

export const listApiKeysProcedure = adminProcedure
  .meta(meta)
  .input(z.object({}).optional())
  .output(z.object({ items: z.array(ZApiKey) }))
  .query(async ({ ctx }) => ({ items: await listApiKeys(ctx.db) }));
