import { answerQuestion } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZAnswerFeedback, ZQuizView, ZTrainingSlug } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/answer-question',
    tags: ['Quiz'],
    summary: 'Answer one question of the open attempt; answers with the feedback and the attempt',
  },
};

const ZId = z.string().regex(/^[a-z0-9-]{1,64}$/, { message: 'validation.invalid_input' });

export const ZAnswerQuestionRequestSchema = z.object({
  trainingSlug: ZTrainingSlug,
  questionId: ZId,
  answerIds: z.array(ZId).min(1, { message: 'training.invalid_answer' }).max(5),
});

export const answerQuestionProcedure = customerProcedure
  .meta(meta)
  .input(ZAnswerQuestionRequestSchema)
  .output(z.object({ feedback: ZAnswerFeedback, quiz: ZQuizView }))
  .mutation(({ ctx, input }) => answerQuestion(ctx.db, ctx.user, input));
