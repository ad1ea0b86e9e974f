import { getQueuedUpload } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { toQueueEntry, ZPreviewRow, ZPreviewSummary, ZQueueEntry, ZUploadId } from './upload.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/uploads/queue/{id}',
    tags: ['Admin uploads'],
    summary: 'Admin: preview of a pending list, each row checked against today’s accounts',
    description: 'A list that is no longer pending answers 409 `admin_upload.already_processed`.',
  },
};

export const getQueueItemProcedure = adminProcedure
  .meta(meta)
  .input(ZUploadId)
  .output(ZQueueEntry.extend({ rows: z.array(ZPreviewRow), summary: ZPreviewSummary }))
  .query(async ({ ctx, input }) => toQueueEntry(await getQueuedUpload(ctx.db, input.id)));
