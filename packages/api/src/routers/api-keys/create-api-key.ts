import { createApiKey } from '@portal/core';
import { ZCalendarDay } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZApiKey } from './list-api-keys.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/api-keys',
    tags: ['Admin'],
    summary: 'Admins: create a read-only API key for the insurer’s systems; the answer shows its secret this once',
  },
};

export const ZCreateApiKeyInput = z.object({
  name: z.string().trim().min(1, { message: 'api_keys.name_required' }).max(80, { message: 'api_keys.name_too_long' }),
  expiresOn: ZCalendarDay.optional().describe(
    'The last day (German time) the key works, YYYY-MM-DD; none: until revoked',
  ),
});

export const createApiKeyProcedure = adminProcedure
  .meta(meta)
  .input(ZCreateApiKeyInput)
  .output(z.object({ key: ZApiKey, token: z.string().describe('Authorization: Bearer <token>; shown once') }))
  .mutation(async ({ ctx, input }) => await createApiKey(ctx.db, ctx.user, input, requestMeta(ctx)));
