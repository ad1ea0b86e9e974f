import type { TRPCRouterRecord } from '@trpc/server';
import { makeLogoutProcedure } from '../auth/logout.ts';
import { makeResetProcedure } from '../auth/reset.ts';
import { makeResetPasswordProcedure } from '../auth/reset-password.ts';
import { adminLoginProcedure } from './login.ts';

/** Calls under /api/appuser (the provider's admins). */
export const appuserRouter = {
  login: adminLoginProcedure,
  logout: makeLogoutProcedure('/appuser/logout'),
  reset: makeResetProcedure('admin'),
  resetPassword: makeResetPasswordProcedure('admin'),
} satisfies TRPCRouterRecord;
