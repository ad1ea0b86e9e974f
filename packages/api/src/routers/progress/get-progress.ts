import { getMyProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZProgressView } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/progress/get-progress',
    tags: ['Progress'],
    summary: 'The caller’s progress in every assigned course',
  },
};

export const getProgressProcedure = customerProcedure
  .meta(meta)
  .input(z.void())
  .output(z.array(ZProgressView))
  .query(({ ctx }) => getMyProgress(ctx.db, ctx.user));
