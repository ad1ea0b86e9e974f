import { policyholderDetails } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { ZCompanyResponse } from '../company/company.types.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/policyholders/{id}',
    tags: ['Admin'],
    summary: 'Admins: a policyholder with company, AVV acceptance record, upload history and reset state',
  },
};

export const ZPolicyholderDetails = z.object({
  employer: z.object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    salutation: z.enum(['Mr', 'Mrs']).nullable(),
    phoneNumber: z.string(),
    lang: z.enum(['de', 'en']),
    active: z.boolean(),
    locked: z.boolean(),
    avvAccepted: z.boolean(),
    avvAcceptedAt: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
  }),
  company: ZCompanyResponse,
  avvRecords: z.array(
    z.object({
      contractVersion: z.string(),
      acceptedAt: z.string(),
      sourceIp: z.string(),
      acceptedBy: z.string().nullable(),
    }),
  ),
  uploads: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      validCount: z.number().int(),
      invalidCount: z.number().int(),
      status: z.enum(['pending', 'imported', 'rejected']),
      createdAt: z.string(),
      processedAt: z.string().nullable(),
    }),
  ),
  reset: z.object({ lastResetAt: z.string().nullable(), nextResetAt: z.string().nullable() }),
});

export const getPolicyholderProcedure = adminProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(ZPolicyholderDetails)
  .query(({ ctx, input }) => policyholderDetails(ctx.db, ctx.user, input.id));
