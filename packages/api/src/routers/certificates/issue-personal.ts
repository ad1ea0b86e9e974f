import { issuePersonalCertificate } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { customerProcedure } from '../../trpc.ts';
import { ZCertificateRecord } from './certificate.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/certificates/issue-personal',
    tags: ['Certificates'],
    summary: 'Issue the caller’s personal certificate (or return the current one when nothing changed)',
    description:
      'All assigned courses completed, at least 6; otherwise 403 `certificate.not_yet`. The PDF is `GET /api/certificates/pdf/{code}`.',
  },
};

export const issuePersonalProcedure = customerProcedure
  .meta(meta)
  .input(z.void())
  .output(ZCertificateRecord)
  .mutation(({ ctx }) => issuePersonalCertificate(ctx.db, ctx.user, ctx.locale));
