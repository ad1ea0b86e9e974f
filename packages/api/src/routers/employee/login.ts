import { loginWithPassword } from '@portal/core';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta, respondToLogin } from '../auth/session-response.ts';
import { loginMeta, ZEmployeeLoginRequestSchema, ZEmployeeLoginResponseSchema } from './login.types.ts';

export const loginProcedure = publicProcedure
  .meta(loginMeta)
  .input(ZEmployeeLoginRequestSchema)
  .output(ZEmployeeLoginResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await loginWithPassword(ctx.db, { ...input, audience: 'customer' }, requestMeta(ctx));
    return respondToLogin(ctx, result);
  });
