import { repeatModule } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZSlugBody } from './progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/repeat-module',
    tags: ['Quiz'],
    summary: 'After a failed quiz: back to the first slide, counted as a module repeat',
  },
};

export const repeatModuleProcedure = customerProcedure
  .meta(meta)
  .input(ZSlugBody)
  .output(z.object({ slideIndex: z.number().int() }))
  .mutation(({ ctx, input }) => repeatModule(ctx.db, ctx.user, input.trainingSlug));
