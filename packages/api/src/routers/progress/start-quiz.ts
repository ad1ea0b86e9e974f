import { startQuiz } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { customerProcedure } from '../../trpc.ts';
import { ZQuizView, ZSlugBody } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/start-quiz',
    tags: ['Quiz'],
    summary: 'Draw five questions (or resume the open attempt); after a failed attempt this is "repeat quiz"',
  },
};

export const startQuizProcedure = customerProcedure
  .meta(meta)
  .input(ZSlugBody)
  .output(ZQuizView)
  .mutation(({ ctx, input }) => startQuiz(ctx.db, ctx.user, input.trainingSlug));
