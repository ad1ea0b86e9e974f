import { z } from 'zod';

/** Course slugs in URLs and bodies: the catalog decides which exist (unknown → 404). */
export const ZTrainingSlug = z.string().regex(/^[a-z0-9-]{1,64}$/, { message: 'validation.invalid_input' });

export const ZProgressView = z.object({
  trainingSlug: z.string(),
  status: z.enum(['assigned', 'started', 'completed']),
  percent: z.number().int().min(0).max(100),
  slideIndex: z.number().int(),
  maxSlideIndex: z.number().int(),
  slideCount: z.number().int(),
  quizRepeatCount: z.number().int(),
  moduleRepeatCount: z.number().int(),
  workingSeconds: z.number().int(),
  attention: z.number().min(0).max(1),
  bestScore: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** 1 for the first run; higher for a yearly refresher (ADR 033). */
  cycle: z.number().int(),
});

export const ZAnswerFeedback = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  chosenAnswerIds: z.array(z.string()),
  correctAnswerIds: z.array(z.string()),
  explanation: z.string(),
});

export const ZQuizView = z.object({
  attemptId: z.string(),
  trainingSlug: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      answers: z.array(z.object({ id: z.string(), text: z.string() })),
      multiple: z.boolean(),
    }),
  ),
  feedback: z.array(ZAnswerFeedback),
  finished: z.boolean(),
  score: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  passPercent: z.number().int(),
});

export const ZSlugBody = z.object({ trainingSlug: ZTrainingSlug });
export const ZSlugPath = z.object({ slug: ZTrainingSlug });
