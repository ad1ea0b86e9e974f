import { pendingPhishingApprovals } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { ZPendingPhishingApprovals } from './phishing-approval.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/phishing-approvals',
    tags: ['Admin'],
    summary:
      'Admins: the companies waiting for the provider’s approval of their phishing simulations (they need it, lack it and have created a campaign)',
    description: 'Not in the original call table (issue 37).',
  },
};

export const listPhishingApprovalsProcedure = adminProcedure
  .meta(meta)
  .input(z.object({}).optional())
  .output(ZPendingPhishingApprovals)
  .query(async ({ ctx }) => ({
    rule: ctx.config.phishing.approval,
    pending: await pendingPhishingApprovals(ctx.db, ctx.user, ctx.config.phishing.approval),
  }));
