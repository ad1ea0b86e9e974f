import { z } from 'zod';
import { ZTrainingSlug } from '../progress/progress.types.ts';

export const ZAssignRequestSchema = z.object({
  trainingSlug: ZTrainingSlug,
  /** The person the course is (un)assigned to (spec §7 names it ownerId). */
  ownerId: z.string().min(1).max(64),
});
export const ZAssignResponseSchema = z.object({ trainingSlug: z.string(), ownerId: z.string(), assigned: z.boolean() });

export const ZAssignAllRequestSchema = z.object({ trainingSlug: ZTrainingSlug });
export const ZAssignAllResponseSchema = z.object({ trainingSlug: z.string(), changed: z.number().int() });
