import { saveProgress } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZProgressView, ZTrainingSlug } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/save-progress',
    tags: ['Progress'],
    summary: 'Save the slide position and the time spent since the last save',
    description:
      'Times are deltas in seconds since the previous save (at most 15 minutes each), added on the server. Unknown slide ids or positions are rejected and nothing is saved.',
  },
};

/** One save covers at most 15 minutes; the player saves every 15 seconds and on every slide change. */
const MAX_DELTA_SECONDS = 15 * 60;
const ZSeconds = z.number().int().min(0).max(MAX_DELTA_SECONDS);

export const ZSaveProgressRequestSchema = z.object({
  trainingSlug: ZTrainingSlug,
  slideIndex: z.number().int().min(0).max(99),
  workingSeconds: ZSeconds,
  slideSeconds: z
    .record(z.string().regex(/^[a-z0-9-]{1,64}$/), ZSeconds)
    .refine((record) => Object.keys(record).length <= 20, { message: 'validation.invalid_input' }),
});

export const saveProgressProcedure = customerProcedure
  .meta(meta)
  .input(ZSaveProgressRequestSchema)
  .output(ZProgressView)
  .mutation(({ ctx, input }) => saveProgress(ctx.db, ctx.user, input));
