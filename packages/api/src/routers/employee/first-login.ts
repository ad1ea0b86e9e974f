import { completeFirstLogin } from '@portal/core';
import { publicProcedure } from '../../trpc.ts';
import { requestMeta, respondWithSession } from '../auth/session-response.ts';
import { firstLoginMeta, ZFirstLoginRequestSchema, ZFirstLoginResponseSchema } from './first-login.types.ts';

export const firstLoginProcedure = publicProcedure
  .meta(firstLoginMeta)
  .input(ZFirstLoginRequestSchema)
  .output(ZFirstLoginResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await completeFirstLogin(ctx.db, { token: input.token, password: input.password }, requestMeta(ctx));
    return respondWithSession(ctx, result);
  });
