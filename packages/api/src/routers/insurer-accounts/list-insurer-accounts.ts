import { listInsurerAccounts } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';
import { ZBackOfficeAccount } from '../appuser/list-admins.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/insurer-accounts',
    tags: ['Admin'],
    summary: 'Admins: the insurer’s accounts that read the portfolio',
  },
};

export const listInsurerAccountsProcedure = adminProcedure
  .meta(meta)
  .input(z.void())
  .output(z.array(ZBackOfficeAccount))
  .query(async ({ ctx }) => await listInsurerAccounts(ctx.db));
