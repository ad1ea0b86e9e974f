import { resetCompanyProgress, resetStatus } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyOrAdminProcedure, companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const resetMeta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/progress/reset-company-progress',
    tags: ['Progress'],
    summary:
      'Reset a company’s e-learning (results to zero, assignments kept), at most every 30 days: the policyholder their own, admins any',
    description:
      'The policyholder first receives the company certificate (proof of insurance) with the figures before the reset as PDF by mail; earlier certificates of the company are revoked. Within 30 days of the last reset: 409 `reset.too_soon` with the next date.',
  },
};

const ZResetStatus = z.object({ lastResetAt: z.string().nullable(), nextResetAt: z.string().nullable() });

/**
 * The policyholder resets their own company (once the AVV is accepted, like every company action);
 * admins reset any company (spec §6).
 */
export const resetCompanyProgressProcedure = companyOrAdminProcedure('employer')
  .meta(resetMeta)
  .input(z.object({ companyId: ZStaffId }))
  .output(ZResetStatus.extend({ removed: z.number().int(), lastResetAt: z.string(), nextResetAt: z.string() }))
  .mutation(({ ctx, input }) =>
    resetCompanyProgress(ctx.db, ctx.user, input.companyId, requestMeta(ctx), ctx.config.publicUrl),
  );

const statusMeta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/progress/get-reset-status',
    tags: ['Progress'],
    summary: 'When the company’s e-learning was last reset and when the next reset is possible',
  },
};

export const getResetStatusProcedure = companyProcedure
  .meta(statusMeta)
  .input(z.void())
  .output(ZResetStatus)
  .query(({ ctx }) => resetStatus(ctx.db, ctx.companyId));
