import { PORTFOLIO_SORTS, portfolioPage } from '@portal/core';
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
  due: z
    .object({ overdue: z.number().int(), dueSoon: z.number().int(), countedOn: z.string() })
    .nullable()
    .describe(
      'Learners with an overdue course and with one due soon, as counted on `countedOn` (daily); null before the first count',
    ),
  phishing: z
    .object({
      lastStartedAt: z.string().nullable().describe('When the newest started campaign started'),
      sent: z.number().int().describe('People a simulated mail reached, over all started campaigns'),
      signInSent: z
        .number()
        .int()
        .describe(
          'Of `sent`, the people whose mail’s template has an imitated sign-in page: the base of `submittedPercent`',
        ),
      clicked: z.number().int(),
      submitted: z
        .number()
        .int()
        .describe('People who sent the imitated sign-in form; only templates with such a page have one'),
      reported: z.number().int(),
      clickedPercent: z.number().int().min(0).max(100).nullable(),
      submittedPercent: z
        .number()
        .int()
        .min(0)
        .max(100)
        .nullable()
        .describe(
          'Share of `signInSent`; null where no mail of a template with a sign-in page went out (not applicable)',
        ),
      reportedPercent: z.number().int().min(0).max(100).nullable(),
    })
    .nullable()
    .describe(
      'Phishing simulations: people (not events) over all started campaigns, older ones included after their messages were deleted; ' +
        'shares of `sent` (submitted: of `signInSent`) in whole per cent, null before a mail went out. Null when the company has not started a campaign (no simulation, not 0 %)',
    ),
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
  completion: z
    .enum(['none', 'partial', 'complete'])
    .optional()
    .describe('Only policies with no course completed, some, or every assigned course'),
  due: z.enum(['overdue']).optional().describe('Only policies with at least one overdue learner at the last count'),
  sort: z
    .enum(PORTFOLIO_SORTS)
    .default('policy')
    .describe('Policy-number order (default), completion ascending or descending, or most overdue learners first'),
});

export const listPoliciesProcedure = insurerReadProcedure
  .meta(meta)
  .input(ZListPoliciesInput)
  .output(z.object({ items: z.array(ZPortfolioRow), nextCursor: z.string().nullable() }))
  .query(async ({ ctx, input }) => await portfolioPage(ctx.db, input));
