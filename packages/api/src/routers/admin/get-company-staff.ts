import { listStaff } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { adminProcedure } from '../../trpc.ts';
import { ZStaffId, ZStaffListRequestSchema, ZStaffListResponseSchema } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/companies/{companyId}/staff',
    tags: ['Admin'],
    summary: 'Admins: the people of a company with their progress, searched, sorted and paged',
  },
};

export const getCompanyStaffProcedure = adminProcedure
  .meta(meta)
  .input(ZStaffListRequestSchema.omit({ role: true }).extend({ companyId: ZStaffId }))
  .output(ZStaffListResponseSchema)
  .query(({ ctx, input }) => {
    const { companyId, ...query } = input;
    return listStaff(ctx.db, companyId, { ...query, pageSize: Math.min(query.pageSize ?? 25, 100) });
  });
