import { loginWithPassword } from '@portal/core';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta, respondToLogin } from '../auth/session-response.ts';
import { adminLoginMeta, ZAdminLoginRequestSchema, ZAdminLoginResponseSchema } from './login.types.ts';

export const adminLoginProcedure = publicProcedure
  .meta(adminLoginMeta)
  .input(ZAdminLoginRequestSchema)
  .output(ZAdminLoginResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await loginWithPassword(ctx.db, { ...input, audience: 'admin' }, requestMeta(ctx));
    return respondToLogin(ctx, result);
  });
