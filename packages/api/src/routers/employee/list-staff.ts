import { listStaff } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyProcedure } from '../../trpc.ts';
import { ZStaffListRequestSchema, ZStaffListResponseSchema } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee',
    tags: ['Employees'],
    summary: 'Employers and managers: the people of their company, searched, sorted and paged',
  },
};

export const listStaffProcedure = companyProcedure
  .meta(meta)
  .input(ZStaffListRequestSchema)
  .output(ZStaffListResponseSchema)
  .query(({ ctx, input }) => listStaff(ctx.db, ctx.companyId, input));
