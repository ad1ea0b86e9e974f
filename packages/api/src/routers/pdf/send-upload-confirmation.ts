import { sendUploadConfirmation } from '@portal/core';
import { ZEmail } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { confirmedCompanyProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/pdf/send-upload-confirmation',
    tags: ['Employees'],
    summary: 'Mail the confirmation of the latest employee-list upload again (to a person of the company, optional cc)',
  },
};

export const sendUploadConfirmationProcedure = confirmedCompanyProcedure
  .meta(meta)
  .input(z.object({ email: ZEmail, cc: ZEmail.optional() }))
  .output(z.object({ sent: z.literal(true) }))
  .mutation(
    async ({ ctx, input }) =>
      await sendUploadConfirmation(
        ctx.db,
        { ...ctx.user, companyId: ctx.companyId },
        { email: input.email, cc: input.cc ?? null },
      ),
  );
