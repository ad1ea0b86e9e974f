import { countPolicyholders } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/count',
    tags: ['Admin'],
    summary: 'Admins: how many policyholders (employers with a company) there are',
  },
};

export const countEmployeesProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ role: z.enum(['employer']).optional() }).optional())
  .output(z.object({ count: z.number().int() }))
  .query(async ({ ctx }) => ({ count: await countPolicyholders(ctx.db) }));
