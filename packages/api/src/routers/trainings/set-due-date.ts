import { setDueDate, systemClock } from '@portal/core';
import { ZCalendarDay } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZTrainingSlug } from '../progress/progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/trainings/set-due-date',
    tags: ['Trainings'],
    summary:
      'Set or remove a course’s due date (YYYY-MM-DD, today or later) for the whole company, or for one person with ownerId (ADR 033)',
  },
};

export const ZSetDueDateRequestSchema = z.object({
  trainingSlug: ZTrainingSlug,
  /** null removes the date. */
  dueOn: ZCalendarDay.nullable(),
  ownerId: z.string().min(1).max(64).optional(),
});
export const ZSetDueDateResponseSchema = z.object({
  trainingSlug: z.string(),
  ownerId: z.string().nullable(),
  dueOn: z.string().nullable(),
});

export const setDueDateProcedure = companyProcedure
  .meta(meta)
  .input(ZSetDueDateRequestSchema)
  .output(ZSetDueDateResponseSchema)
  .mutation(({ ctx, input }) => setDueDate(ctx.db, ctx.companyId, input, systemClock.now()));
