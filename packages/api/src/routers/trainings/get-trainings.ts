import { listMyTrainings, systemClock } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZProgressView } from '../progress/progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/trainings/get-trainings',
    tags: ['Trainings'],
    summary: 'The caller’s assigned courses with image, title, estimated time and progress (/trainings)',
  },
};

export const ZTrainingCard = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  estimatedMinutes: z.number().int(),
  progress: ZProgressView,
  /** The due date (`YYYY-MM-DD`) of a course not yet completed; null when none is set (ADR 033). */
  due: z.object({ dueOn: z.string(), state: z.enum(['overdue', 'due_soon', 'due_later']) }).nullable(),
});

export const getTrainingsProcedure = customerProcedure
  .meta(meta)
  .input(z.object({ lang: ZLanguage.optional() }))
  .output(z.array(ZTrainingCard))
  .query(({ ctx, input }) => listMyTrainings(ctx.db, ctx.user, input.lang ?? ctx.locale, systemClock.now()));
