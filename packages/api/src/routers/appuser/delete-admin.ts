import { deleteAdmin } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/appuser/{id}',
    tags: ['Admin'],
    summary: 'Admins: delete another admin (not oneself, not the last one)',
  },
};

export const deleteAdminProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: z.string().min(1).max(64) }))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await deleteAdmin(ctx.db, ctx.user, input.id, requestMeta(ctx)));
