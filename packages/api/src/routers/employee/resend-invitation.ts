import { resendInvitation } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { confirmedCompanyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/resend-invitation',
    tags: ['Employees'],
    summary: 'Send a new invitation link (the earlier one stops working)',
    description:
      'A GET because the spec names it so; it is not cached and needs a session. With a session cookie it is refused unless the request comes from the portal itself (Sec-Fetch-Site same-origin or the portal as Origin): API clients send the Bearer token.',
  },
};

export const resendInvitationProcedure = confirmedCompanyProcedure
  .meta(meta)
  .input(z.object({ employeeId: ZStaffId }))
  // A GET over REST because the spec's call table says so, but a mutation: it sends a mail and
  // voids the earlier link. By cookie it needs proof of our own origin (trpc.ts); the web app
  // sends it as a POST to /trpc, which the CSRF rule covers (issue 21.4).
  .output(z.object({ sent: z.literal(true) }))
  .mutation(
    async ({ ctx, input }) =>
      await resendInvitation(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input.employeeId, {
        ...requestMeta(ctx),
        publicUrl: ctx.config.publicUrl,
      }),
  );
