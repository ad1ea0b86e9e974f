import { supervisorData } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/supervisor-data/{id}',
    tags: ['AVV'],
    summary: 'Whether the policyholder of this person’s company has accepted the AVV (`hasOrderProcessing`)',
    description:
      'Managers and employees are blocked while it is false (spec §4); so is the web app when the call fails.',
  },
};

export const supervisorDataProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(z.object({ hasOrderProcessing: z.boolean() }))
  .mutation(async ({ ctx, input }) => await supervisorData(ctx.db, ctx.user, input.id));
