import type { TRPCRouterRecord } from '@trpc/server';
import { getCompanyStaffProcedure } from './get-company-staff.ts';
import { getPhishingApprovalProcedure } from './get-phishing-approval.ts';
import { getPolicyholderProcedure } from './get-policyholder.ts';
import { jobOverviewProcedure } from './job-overview.ts';
import { listPhishingApprovalsProcedure } from './list-phishing-approvals.ts';
import { setPasswordProcedure } from './set-password.ts';
import { setPhishingApprovalProcedure } from './set-phishing-approval.ts';

/**
 * The back office's own calls (not in the spec's table), under /api/admin. The spec's admin calls
 * live where §7 puts them: /employee (count, create-admin, block-account, delete-employer-
 * completely), /appuser and /statistics.
 */
export const adminRouter = {
  policyholder: getPolicyholderProcedure,
  companyStaff: getCompanyStaffProcedure,
  setPassword: setPasswordProcedure,
  jobs: jobOverviewProcedure,
  phishingApprovals: listPhishingApprovalsProcedure,
  phishingApproval: getPhishingApprovalProcedure,
  setPhishingApproval: setPhishingApprovalProcedure,
} satisfies TRPCRouterRecord;
