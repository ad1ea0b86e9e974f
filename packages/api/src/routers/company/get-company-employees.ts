import { assignmentsOf, listStaff } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZStaffId, ZStaffRow } from '../employee/staff.types.ts';
import { assertOwnCompany } from './company-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/company/{id}/employees',
    tags: ['Employees'],
    summary: 'Everyone of the company with their assigned courses (for the course matrix)',
  },
};

/** Large enough for the biggest customer; the list page uses the paged GET /employee. */
const ALL = 10_000;

export const getCompanyEmployeesProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(z.array(ZStaffRow.extend({ assignedCourseList: z.array(z.string()) })))
  .query(async ({ ctx, input }) => {
    assertOwnCompany(input.id, ctx.companyId);
    const { items } = await listStaff(ctx.db, ctx.companyId, { pageSize: ALL });
    const assigned = await assignmentsOf(
      ctx.db,
      items.map((item) => item.id),
    );
    return items.map((item) => ({ ...item, assignedCourseList: assigned.get(item.id) ?? [] }));
  });
