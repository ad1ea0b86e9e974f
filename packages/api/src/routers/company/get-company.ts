import { getCompany } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { ZCompanyResponse } from './company.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/company/{id}',
    tags: ['Company'],
    summary: 'The company data (own company; admins: any)',
  },
};

export const getCompanyProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(ZCompanyResponse)
  .query(({ ctx, input }) => getCompany(ctx.db, ctx.user, input.id));
