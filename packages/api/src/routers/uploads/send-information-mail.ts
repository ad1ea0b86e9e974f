import { sendUploadInformationMail } from '@portal/core';
import { ZEmail } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZUploadId } from './upload.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/uploads/{id}/information-mail',
    tags: ['Admin uploads'],
    summary: 'Admin: mail the result of an import to the policyholder (optional cc)',
    description: '409 `admin_upload.not_imported` unless the list was imported.',
  },
};

export const sendInformationMailProcedure = adminProcedure
  .meta(meta)
  .input(ZUploadId.extend({ cc: ZEmail.optional() }))
  .output(z.object({ sentTo: z.string() }))
  .mutation(({ ctx, input }) =>
    sendUploadInformationMail(
      ctx.db,
      ctx.user,
      { uploadId: input.id, cc: input.cc ?? null },
      { ...requestMeta(ctx), publicUrl: ctx.config.publicUrl },
    ),
  );
