import { importQueuedUpload } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZImportResult, ZUploadId } from './upload.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/uploads/queue/{id}/import',
    tags: ['Admin uploads'],
    summary: 'Admin: import a pending list (all or nothing); new people are invited',
    description:
      'Answers the upload result metadata (existing, created, validationErrors, handled) and the per-row report. 409 `admin_upload.already_processed` when the list is no longer pending; 403 `admin_upload.avv_missing` without the AVV.',
  },
};

export const importFromQueueProcedure = adminProcedure
  .meta(meta)
  .input(ZUploadId)
  .output(ZImportResult)
  .mutation(({ ctx, input }) =>
    importQueuedUpload(ctx.db, ctx.user, input.id, { ...requestMeta(ctx), publicUrl: ctx.config.publicUrl }),
  );
