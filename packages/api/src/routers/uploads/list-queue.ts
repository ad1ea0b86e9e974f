import { listPendingUploads } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { toQueueEntry, ZQueueEntry } from './upload.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/uploads/queue',
    tags: ['Admin uploads'],
    summary: 'Admin: the employee lists policyholders uploaded that wait for processing, oldest first',
  },
};

export const listQueueProcedure = adminProcedure
  .meta(meta)
  .input(z.void())
  .output(z.array(ZQueueEntry))
  .query(async ({ ctx }) => (await listPendingUploads(ctx.db)).map(toQueueEntry));
