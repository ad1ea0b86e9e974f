import type { TRPCRouterRecord } from '@trpc/server';
import { answerQuestionProcedure } from './answer-question.ts';
import { createProgressProcedure } from './create-progress.ts';
import { getCompanyProgressProcedure } from './get-company-progress.ts';
import { getProgressProcedure } from './get-progress.ts';
import { getQuizProcedure } from './get-quiz.ts';
import { getSingleProgressProcedure } from './get-single-progress.ts';
import { repeatModuleProcedure } from './repeat-module.ts';
import { getResetStatusProcedure, resetCompanyProgressProcedure } from './reset-company-progress.ts';
import { resetUserProgressProcedure } from './reset-user-progress.ts';
import { saveProgressProcedure } from './save-progress.ts';
import { startQuizProcedure } from './start-quiz.ts';

/** Calls under /api/progress: learners' progress and the quiz. */
export const progressRouter = {
  create: createProgressProcedure,
  save: saveProgressProcedure,
  get: getProgressProcedure,
  getSingle: getSingleProgressProcedure,
  getCompany: getCompanyProgressProcedure,
  getQuiz: getQuizProcedure,
  startQuiz: startQuizProcedure,
  answer: answerQuestionProcedure,
  repeatModule: repeatModuleProcedure,
  resetUser: resetUserProgressProcedure,
  resetCompany: resetCompanyProgressProcedure,
  resetStatus: getResetStatusProcedure,
} satisfies TRPCRouterRecord;
