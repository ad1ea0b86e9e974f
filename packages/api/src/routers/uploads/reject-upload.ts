import { rejectQueuedUpload } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZUploadId } from './upload.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/uploads/queue/{id}/reject',
    tags: ['Admin uploads'],
    summary: 'Admin: reject a pending list; nobody is created',
  },
};

export const rejectUploadProcedure = adminProcedure
  .meta(meta)
  .input(ZUploadId)
  .output(z.object({ id: z.string(), status: z.literal('rejected') }))
  .mutation(({ ctx, input }) => rejectQueuedUpload(ctx.db, ctx.user, input.id, requestMeta(ctx)));
