import { SLIDE_TYPES } from '@portal/content';
import { getTraining } from '@portal/core';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZTrainingSlug } from '../progress/progress.types.ts';
import { ZExercise } from './exercise.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/trainings/get-training/{slug}',
    tags: ['Trainings'],
    summary: 'An assigned course in one language: slides and quiz facts, never the quiz bank or its key',
  },
};

export const ZGetTrainingRequestSchema = z.object({
  slug: ZTrainingSlug,
  /** Defaults to the caller's Accept-Language. */
  lang: ZLanguage.optional(),
});

export const ZTrainingResponseSchema = z.object({
  slug: z.string(),
  version: z.string(),
  section: z.string(),
  lang: ZLanguage,
  title: z.string(),
  summary: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  estimatedMinutes: z.number().int(),
  sources: z.array(z.object({ publisher: z.string(), title: z.string(), url: z.string() })),
  slides: z.array(
    z.object({
      id: z.string(),
      type: z.enum(SLIDE_TYPES),
      title: z.string(),
      /** Markdown; for an exercise, the situation or the instruction above it. */
      body: z.string(),
      /**
       * The body as safe HTML, drawn once per course version on the server (ADR 038): headings one
       * level below the slide title, no raw HTML, links with safe protocols only.
       */
      html: z.string(),
      image: z.string(),
      imageAlt: z.string(),
      minReadingSeconds: z.number().int(),
      /** Null on a text slide. */
      exercise: ZExercise.nullable(),
    }),
  ),
  quiz: z.object({ questionCount: z.number().int(), passPercent: z.number().int() }),
});

export const getTrainingProcedure = customerProcedure
  .meta(meta)
  .input(ZGetTrainingRequestSchema)
  .output(ZTrainingResponseSchema)
  .query(({ ctx, input }) => getTraining(ctx.db, ctx.user, input.slug, input.lang ?? ctx.locale));
