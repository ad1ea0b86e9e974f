import { listPhishingTemplates } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { phishingProcedure } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/templates',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: the simulated phishing mails to choose from, with difficulty, signs and course',
  },
};

const ZLocalized = z.object({ de: z.string(), en: z.string() });

export const listPhishingTemplatesProcedure = phishingProcedure
  .meta(meta)
  .input(z.void())
  .output(
    z.array(
      z.object({
        slug: z.string(),
        version: z.string(),
        topic: z.string(),
        difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        course: z.string(),
        landing: z.enum(['teaching', 'sign-in']),
        signs: z.array(z.string()),
        title: ZLocalized,
        summary: ZLocalized,
      }),
    ),
  )
  .query(() => listPhishingTemplates());
