import { readPhishingApproval } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { ZPhishingApproval } from './phishing-approval.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/phishing-approvals/{companyId}',
    tags: ['Admin'],
    summary:
      'Admins: whether a company needs the provider’s approval for phishing simulations, and since when it has it',
    description: 'Not in the original call table (issue 37).',
  },
};

export const getPhishingApprovalProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ companyId: ZStaffId }))
  .output(ZPhishingApproval)
  .query(({ ctx, input }) => readPhishingApproval(ctx.db, ctx.user, input.companyId, ctx.config.phishing.approval));
