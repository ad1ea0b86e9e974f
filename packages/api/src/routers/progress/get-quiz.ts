import { getQuiz } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { customerProcedure } from '../../trpc.ts';
import { ZQuizView, ZSlugPath } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/progress/get-quiz/{slug}',
    tags: ['Quiz'],
    summary: 'The current or last quiz attempt of a course (null before the first)',
    description: 'Answer keys appear only for questions already answered.',
  },
};

export const getQuizProcedure = customerProcedure
  .meta(meta)
  .input(ZSlugPath)
  .output(ZQuizView.nullable())
  .query(({ ctx, input }) => getQuiz(ctx.db, ctx.user, input.slug));
