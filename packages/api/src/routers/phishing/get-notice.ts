import { phishingNotice } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/notice',
    tags: ['Phishing'],
    summary:
      "Everyone in a company: whether it runs phishing simulations and whether the policyholder sees names (the learners' notice)",
  },
};

/** The learners' notice (ADR 036): every person is told that simulations take place, and how they are evaluated. */
export const getPhishingNoticeProcedure = customerProcedure
  .meta(meta)
  .input(z.void())
  .output(
    z.object({
      simulations: z.boolean().describe('At least one campaign has started: simulated mails may arrive'),
      namesVisible: z.boolean().describe('The policyholder sees who clicked; otherwise counts only'),
    }),
  )
  .query(({ ctx }) => phishingNotice(ctx.db, ctx.companyId));
