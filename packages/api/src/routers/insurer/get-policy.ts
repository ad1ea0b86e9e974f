import { policyStatus } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { insurerReadProcedure } from '../../trpc.ts';
import { ZPortfolioRow } from './list-policies.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/insurer/policies/{policyNumber}',
    tags: ['Insurer'],
    summary: 'Insurer: the company-level training status of one policy',
    description:
      'Takes an insurer API key (or an insurer’s session). A number that is not `AS-` and 10 digits answers 400, one that no policyholder gave 404. ' +
      'The policy number is typed by the policyholder, so more than one company may have given it: each is a row of `policyholders`.',
  },
};

export const ZPolicyNumber = z
  .string()
  .trim()
  .regex(/^AS-\d{10}$/, { message: 'insurer.policy_number_invalid' })
  .describe('AS- and 10 digits');

export const getPolicyProcedure = insurerReadProcedure
  .meta(meta)
  .input(z.object({ policyNumber: ZPolicyNumber }))
  .output(z.object({ policyNumber: z.string(), policyholders: z.array(ZPortfolioRow) }))
  .query(async ({ ctx, input }) => await policyStatus(ctx.db, input.policyNumber));
