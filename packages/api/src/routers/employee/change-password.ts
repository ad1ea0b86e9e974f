import { changePassword } from '@portal/core';
import { authedProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import {
  changePasswordMeta,
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
} from './change-password.types.ts';

export const changePasswordProcedure = authedProcedure
  .meta(changePasswordMeta)
  .input(ZChangePasswordRequestSchema)
  .output(ZChangePasswordResponseSchema)
  .mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, { userId: ctx.user.id, sessionId: ctx.session.id, ...input }, requestMeta(ctx));
    return { success: true as const };
  });
