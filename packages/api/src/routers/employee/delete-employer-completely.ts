import { deleteEmployerCompletely } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/delete-employer-completely/{id}',
    tags: ['Admin'],
    summary: 'Admins: delete a policyholder with the company and everything of it, in one transaction',
  },
};

export const deleteEmployerCompletelyProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(z.object({ deleted: z.literal(true), people: z.number().int() }))
  .mutation(async ({ ctx, input }) => await deleteEmployerCompletely(ctx.db, ctx.user, input.id, requestMeta(ctx)));
