import { MOCK_KINDS, MOCK_PART_ROLES } from '@portal/content';
import { z } from 'zod';

/*
 * An interactive slide's exercise as the player receives it, answers included: exercises are
 * practice with feedback at once, checked in the browser, and never graded (the quiz stays the
 * exam, ADR 031).
 */
const ZScenarioExercise = z.object({
  type: z.literal('scenario'),
  prompt: z.string(),
  choices: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean(), feedback: z.string() })),
});

const ZSpotTheSignsExercise = z.object({
  type: z.literal('spot-the-signs'),
  mock: z.object({
    kind: z.enum(MOCK_KINDS),
    parts: z.array(
      z.object({
        id: z.string(),
        role: z.enum(MOCK_PART_ROLES),
        text: z.string(),
        target: z.string().nullable(),
        sign: z.string().nullable(),
      }),
    ),
  }),
  signs: z.array(z.object({ id: z.string(), label: z.string(), explanation: z.string() })),
});

const ZSortExercise = z.object({
  type: z.literal('sort'),
  groups: z.array(z.object({ id: z.string(), label: z.string() })),
  items: z.array(z.object({ id: z.string(), text: z.string(), group: z.string(), explanation: z.string() })),
});

export const ZExercise = z.discriminatedUnion('type', [ZScenarioExercise, ZSpotTheSignsExercise, ZSortExercise]);
