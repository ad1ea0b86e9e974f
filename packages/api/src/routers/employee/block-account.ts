import { setAccountBlocked } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/block-account/{id}',
    tags: ['Admin'],
    summary: 'Admins: block (`block: true`, sessions end) or unblock a customer account',
  },
};

export const blockAccountProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId, block: z.boolean() }))
  .output(z.object({ id: z.string(), locked: z.boolean() }))
  .mutation(
    async ({ ctx, input }) => await setAccountBlocked(ctx.db, ctx.user, input.id, input.block, requestMeta(ctx)),
  );
