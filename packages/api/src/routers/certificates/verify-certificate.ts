import { verifyCertificate } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/certificates/verify/{code}',
    tags: ['Certificates'],
    summary:
      'Public check of a certificate: valid, expired (with the code of the current one, if any), revoked or unknown, with issue date and holder only',
  },
};

export const verifyCertificateProcedure = publicProcedure
  .meta(meta)
  .input(z.object({ code: z.string().min(1).max(40) }))
  .output(
    z.object({
      status: z.enum(['valid', 'expired', 'revoked', 'unknown']),
      code: z.string(),
      kind: z.enum(['personal', 'company']).nullable(),
      issuedAt: z.string().nullable(),
      validUntil: z.string().nullable(),
      revokedAt: z.string().nullable(),
      revokedReason: z.enum(['progress_reset', 'company_deleted', 'holder_deleted']).nullable(),
      holder: z.string().nullable(),
      /** An expired certificate's holder's current certificate, if any (yearly renewal, ADR 033). */
      currentCode: z.string().nullable(),
    }),
  )
  .query(({ ctx, input }) => verifyCertificate(ctx.db, input.code));
