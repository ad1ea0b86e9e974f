import type { TRPCRouterRecord } from '@trpc/server';
import { makeLoginTotpProcedure } from '../auth/login-totp.ts';
import { makeLogoutProcedure } from '../auth/logout.ts';
import { makeResetProcedure } from '../auth/reset.ts';
import { makeResetPasswordProcedure } from '../auth/reset-password.ts';
import { deleteAdminProcedure } from './delete-admin.ts';
import { listAdminsProcedure } from './list-admins.ts';
import { adminLoginProcedure } from './login.ts';
import { resetTwoFactorProcedure } from './reset-two-factor.ts';
import { totpEnrolmentProcedure } from './totp-enrolment.ts';

/** Calls under /api/appuser (the provider's admins). */
export const appuserRouter = {
  list: listAdminsProcedure,
  delete: deleteAdminProcedure,
  resetTwoFactor: resetTwoFactorProcedure,
  login: adminLoginProcedure,
  loginTotp: makeLoginTotpProcedure('admin'),
  totpEnrolment: totpEnrolmentProcedure,
  logout: makeLogoutProcedure('/appuser/logout'),
  reset: makeResetProcedure('admin'),
  resetPassword: makeResetPasswordProcedure('admin'),
} satisfies TRPCRouterRecord;
