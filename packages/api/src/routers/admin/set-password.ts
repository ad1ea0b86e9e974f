import { adminSetPassword } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/admin/policyholders/{id}/set-password',
    tags: ['Admin'],
    summary: 'Admins: set a policyholder’s password (strength rule applies; sessions end; the person is told by mail)',
  },
};

export const setPasswordProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId, password: z.string().min(1, { message: 'validation.required' }).max(200) }))
  .output(z.object({ id: z.string(), passwordSet: z.literal(true) }))
  .mutation(({ ctx, input }) => adminSetPassword(ctx.db, ctx.user, input.id, input.password, requestMeta(ctx)));
