import { getUser } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/{id}/ownsOneCompany',
    tags: ['Account'],
    summary: 'Whether the person is the policyholder (owner) of a company',
  },
};

export const ownsOneCompanyProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(z.object({ ownsOneCompany: z.boolean() }))
  .query(async ({ ctx, input }) => ({ ownsOneCompany: (await getUser(ctx.db, ctx.user, input.id)).ownsOneCompany }));
