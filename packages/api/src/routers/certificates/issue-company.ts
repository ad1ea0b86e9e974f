import { issueCompanyCertificate } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZCertificateRecord } from './certificate.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/certificates/issue-company',
    tags: ['Certificates'],
    summary: 'Issue the company’s proof of insurance with today’s figures (or return the current one)',
    description:
      'Employer and manager; needs complete employer settings (403 `certificate.company_unavailable`). The PDF is `GET /api/certificates/pdf/{code}`.',
  },
};

export const issueCompanyProcedure = companyProcedure
  .meta(meta)
  .input(z.void())
  .output(ZCertificateRecord)
  .mutation(({ ctx }) => issueCompanyCertificate(ctx.db, ctx.user, ctx.companyId));
