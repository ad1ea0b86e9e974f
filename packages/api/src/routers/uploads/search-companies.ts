import { searchCompanies } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/uploads/companies',
    tags: ['Admin uploads'],
    summary: 'Admin: companies whose name, insurance number or policyholder email contains the text (at most 20)',
  },
};

export const ZCompanyOption = z.object({
  id: z.string(),
  companyName: z.string(),
  insuranceNumber: z.string(),
  ownerEmail: z.string().nullable(),
  ownerName: z.string().nullable(),
  orderProcessing: z.boolean(),
});

export const searchCompaniesProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ query: z.string().max(200).default('') }))
  .output(z.array(ZCompanyOption))
  .query(({ ctx, input }) => searchCompanies(ctx.db, input.query));
