import { listAdmins } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: { method: 'GET', path: '/appuser', tags: ['Admin'], summary: 'Admins: the list of admins' },
};

/** An admin or insurer account as the admins' pages list it. */
export const ZBackOfficeAccount = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  createdAt: z.string(),
  twoFactorEnabled: z.boolean(),
});

export const listAdminsProcedure = adminProcedure
  .meta(meta)
  .input(z.void())
  .output(z.array(ZBackOfficeAccount))
  .query(async ({ ctx }) => await listAdmins(ctx.db));
