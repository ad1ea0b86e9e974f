import { personalEligibility } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/certificates/personal-status',
    tags: ['Certificates'],
    summary: 'Whether the caller has earned the personal certificate, and which assigned courses are still open',
  },
};

const ZCourseState = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(['not_started', 'started', 'completed']),
  completedAt: z.string().nullable(),
});

export const getPersonalStatusProcedure = customerProcedure
  .meta(meta)
  .input(z.void())
  .output(
    z.object({
      eligible: z.boolean(),
      minimum: z.number().int(),
      assignedCount: z.number().int(),
      completedCount: z.number().int(),
      missing: z.array(ZCourseState),
      courses: z.array(ZCourseState),
    }),
  )
  .query(async ({ ctx }) => {
    const { eligible, minimum, assignedCount, completedCount, missing, courses } = await personalEligibility(
      ctx.db,
      ctx.user.id,
      ctx.locale,
    );
    const plain = ({ slug, title, status, completedAt }: (typeof courses)[number]) => ({
      slug,
      title,
      status,
      completedAt,
    });
    return {
      eligible,
      minimum,
      assignedCount,
      completedCount,
      missing: missing.map(plain),
      courses: courses.map(plain),
    };
  });
