import { deleteInsurerAccount } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'DELETE',
    path: '/admin/insurer-accounts/{id}',
    tags: ['Admin'],
    summary: 'Admins: remove an insurer account; its sessions end',
  },
};

export const deleteInsurerAccountProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: z.string().min(1).max(64) }))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await deleteInsurerAccount(ctx.db, ctx.user, input.id, requestMeta(ctx)));
