import { createAdmin } from '@portal/core';
import { ZEmail, ZName } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/create-admin',
    tags: ['Admin'],
    summary: 'Admins: create another admin (sets up the authenticator at the first sign-in)',
  },
};

export const ZCreateAdminRequestSchema = z.object({
  firstname: ZName,
  lastname: ZName,
  email: ZEmail,
  password: z.string().min(1, { message: 'validation.required' }).max(200),
});

export const createAdminProcedure = adminProcedure
  .meta(meta)
  .input(ZCreateAdminRequestSchema)
  .output(z.object({ id: z.string(), created: z.literal(true) }))
  .mutation(async ({ ctx, input }) => await createAdmin(ctx.db, ctx.user, input, requestMeta(ctx)));
