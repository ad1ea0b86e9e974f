import { getSingleProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { customerProcedure } from '../../trpc.ts';
import { ZProgressView, ZSlugPath } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/progress/get-single-progress/{slug}',
    tags: ['Progress'],
    summary: 'The caller’s progress in one assigned course',
  },
};

export const getSingleProgressProcedure = customerProcedure
  .meta(meta)
  .input(ZSlugPath)
  .output(ZProgressView)
  .query(({ ctx, input }) => getSingleProgress(ctx.db, ctx.user, input.slug));
