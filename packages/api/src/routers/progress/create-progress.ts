import { createProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { customerProcedure } from '../../trpc.ts';
import { ZProgressView, ZSlugBody } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/create-progress',
    tags: ['Progress'],
    summary: 'Start the progress in an assigned course (answers the existing progress when started)',
  },
};

export const createProgressProcedure = customerProcedure
  .meta(meta)
  .input(ZSlugBody)
  .output(ZProgressView)
  .mutation(({ ctx, input }) => createProgress(ctx.db, ctx.user, input.trainingSlug));
