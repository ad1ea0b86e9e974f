import { setPhishingApproval, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { ZPhishingApproval } from './phishing-approval.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'PUT',
    path: '/admin/phishing-approvals/{companyId}',
    tags: ['Admin'],
    summary:
      'Admins: approve a company’s phishing simulations, or withdraw the approval (its mails then wait and none is sent); audited',
    description: 'Not in the original call table (issue 37).',
  },
};

export const setPhishingApprovalProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ companyId: ZStaffId, approved: z.boolean() }))
  .output(ZPhishingApproval)
  .mutation(({ ctx, input }) =>
    setPhishingApproval(
      ctx.db,
      ctx.user,
      {
        companyId: input.companyId,
        approved: input.approved,
        rule: ctx.config.phishing.approval,
        meta: requestMeta(ctx),
      },
      systemClock.now(),
    ),
  );
