import { resendInvitation } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/resend-invitation',
    tags: ['Employees'],
    summary: 'Send a new invitation link (the earlier one stops working)',
    description: 'A GET because the spec names it so; it is not cached and needs a session.',
  },
};

export const resendInvitationProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ employeeId: ZStaffId }))
  // A query in tRPC terms (GET), though it sends a mail: the spec's call table fixes the method.
  .output(z.object({ sent: z.literal(true) }))
  .query(
    async ({ ctx, input }) =>
      await resendInvitation(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input.employeeId, {
        ...requestMeta(ctx),
        publicUrl: ctx.config.publicUrl,
      }),
  );
