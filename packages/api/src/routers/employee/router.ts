import type { TRPCRouterRecord } from '@trpc/server';
import { makeLoginTotpProcedure } from '../auth/login-totp.ts';
import { makeLogoutProcedure } from '../auth/logout.ts';
import { makeResetProcedure } from '../auth/reset.ts';
import { makeResetPasswordProcedure } from '../auth/reset-password.ts';
import { changePasswordProcedure } from './change-password.ts';
import { createEmployerProcedure } from './create-employer.ts';
import { firstLoginProcedure } from './first-login.ts';
import { getEmployeeProcedure } from './get-employee.ts';
import { loginProcedure } from './login.ts';
import { updateEmployeeProcedure } from './update-employee.ts';

/** Calls under /api/employee (customers' accounts). */
export const employeeRouter = {
  login: loginProcedure,
  loginTotp: makeLoginTotpProcedure('customer'),
  logout: makeLogoutProcedure('/employee/logout'),
  createEmployer: createEmployerProcedure,
  reset: makeResetProcedure('customer'),
  resetPassword: makeResetPasswordProcedure('customer'),
  changePassword: changePasswordProcedure,
  firstLogin: firstLoginProcedure,
  get: getEmployeeProcedure,
  update: updateEmployeeProcedure,
} satisfies TRPCRouterRecord;
