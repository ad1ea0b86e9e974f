import type { TRPCRouterRecord } from '@trpc/server';
import { makeLoginTotpProcedure } from '../auth/login-totp.ts';
import { makeLogoutProcedure } from '../auth/logout.ts';
import { makeResetProcedure } from '../auth/reset.ts';
import { makeResetPasswordProcedure } from '../auth/reset-password.ts';
import { blockAccountProcedure } from './block-account.ts';
import { changePasswordProcedure } from './change-password.ts';
import { confirmEmailProcedure } from './confirm-email.ts';
import { countEmployeesProcedure } from './count-employees.ts';
import { createAdminProcedure } from './create-admin.ts';
import { createEmployerProcedure } from './create-employer.ts';
import { deleteEmployerCompletelyProcedure } from './delete-employer-completely.ts';
import { firstLoginProcedure } from './first-login.ts';
import { getEmployeeProcedure } from './get-employee.ts';
import { inviteEmployeeProcedure } from './invite-employee.ts';
import { listStaffProcedure } from './list-staff.ts';
import { loginProcedure } from './login.ts';
import { ownsOneCompanyProcedure } from './owns-one-company.ts';
import { resendConfirmationProcedure } from './resend-confirmation.ts';
import { resendInvitationProcedure } from './resend-invitation.ts';
import { setEmployerProcedure } from './set-employer.ts';
import { supervisorDataProcedure } from './supervisor-data.ts';
import { toggleRoleProcedure } from './toggle-role.ts';
import { updateEmployeeProcedure } from './update-employee.ts';

/**
 * Calls under /api/employee (customers' accounts). trpc-to-openapi takes the first path that
 * matches, in this order: fixed paths such as /employee/resend-invitation must come before
 * /employee/{id} (the REST test "no REST path shadows another" checks it).
 */
export const employeeRouter = {
  list: listStaffProcedure,
  count: countEmployeesProcedure,
  resendInvitation: resendInvitationProcedure,
  ownsOneCompany: ownsOneCompanyProcedure,
  login: loginProcedure,
  loginTotp: makeLoginTotpProcedure('customer'),
  logout: makeLogoutProcedure('/employee/logout'),
  createEmployer: createEmployerProcedure,
  confirmEmail: confirmEmailProcedure,
  resendConfirmation: resendConfirmationProcedure,
  reset: makeResetProcedure('customer'),
  resetPassword: makeResetPasswordProcedure('customer'),
  changePassword: changePasswordProcedure,
  firstLogin: firstLoginProcedure,
  get: getEmployeeProcedure,
  update: updateEmployeeProcedure,
  invite: inviteEmployeeProcedure,
  toggleRole: toggleRoleProcedure,
  supervisorData: supervisorDataProcedure,
  setEmployer: setEmployerProcedure,
  createAdmin: createAdminProcedure,
  blockAccount: blockAccountProcedure,
  deleteEmployerCompletely: deleteEmployerCompletelyProcedure,
} satisfies TRPCRouterRecord;
