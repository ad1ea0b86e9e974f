import { companyCertificateAvailability } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/certificates/company-status',
    tags: ['Certificates'],
    summary: 'Whether the proof of insurance is available (employer settings complete, AVV accepted)',
  },
};

export const getCompanyStatusProcedure = companyProcedure
  .meta(meta)
  .input(z.void())
  .output(z.object({ available: z.boolean(), reason: z.enum(['settings_incomplete', 'avv_missing']).nullable() }))
  .query(({ ctx }) => companyCertificateAvailability(ctx.db, ctx.companyId));
