import { portfolioPage } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { insurerReadProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/insurer/policies',
    tags: ['Insurer'],
    summary: 'Insurer: the policyholders by policy number with their company-level training status, cursor-paged',
    description:
      'Takes an insurer API key (or an insurer’s session). ' +
      'Policy-number order; `nextCursor` continues after the last row, so a policyholder added meanwhile appears in its place. ' +
      'A search that looks like the start of a policy number (AS-47, 4711) matches numbers that begin with it; other text matches company names.',
  },
};

export const ZPortfolioRow = z.object({
  companyId: z.string(),
  policyNumber: z.string(),
  companyName: z.string(),
  avvAccepted: z.boolean(),
  avvAcceptedAt: z.string().nullable(),
  learners: z.number().int(),
  assignedCourses: z.number().int(),
  completedCourses: z.number().int(),
  completionPercent: z.number().int().min(0).max(100),
  certificate: z.object({ state: z.enum(['valid', 'expired', 'none']), validUntil: z.string().nullable() }),
  lastActivityAt: z.string().nullable(),
});

export const ZListPoliciesInput = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(100).optional(),
  avv: z.enum(['accepted', 'open']).optional().describe('Only policies whose AVV is accepted, or open'),
  certificate: z
    .enum(['valid', 'expired', 'none'])
    .optional()
    .describe('Only policies with a valid, an expired or no proof of insurance'),
});

export const listPoliciesProcedure = insurerReadProcedure
  .meta(meta)
  .input(ZListPoliciesInput)
  .output(z.object({ items: z.array(ZPortfolioRow), nextCursor: z.string().nullable() }))
  .query(async ({ ctx, input }) => await portfolioPage(ctx.db, input));
