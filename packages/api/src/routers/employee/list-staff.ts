import { countPolicyholders, listPolicyholders, listStaff, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { companyOrAdminProcedure } from '../../trpc.ts';
import { ZStaffListRequestSchema, ZStaffListResponseSchema } from './staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee',
    tags: ['Employees'],
    summary:
      'Employers and managers: the people of their company, searched, sorted and paged (up to 100). Admins: the policyholders with their company, 1000 per page',
  },
};

/**
 * Spec §7 gives GET /employee two uses: a company's people for employers and managers, and
 * "employers with company, paged 1000 at a time" for admins. One procedure (one REST path), one
 * row shape; admin rows carry `policyholder`.
 */
export const listStaffProcedure = companyOrAdminProcedure('employer', 'manager')
  .meta(meta)
  .input(ZStaffListRequestSchema)
  .output(ZStaffListResponseSchema)
  .query(async ({ ctx, input }) => {
    const page = input.page ?? 1;
    if (ctx.companyId === null) {
      const pageSize = input.pageSize ?? 1000;
      const [rows, total] = await Promise.all([
        listPolicyholders(ctx.db, { skip: (page - 1) * pageSize, limit: pageSize }),
        countPolicyholders(ctx.db),
      ]);
      const items = rows.map(({ company, avvAccepted, avvAcceptedAt, people, ...row }) => ({
        ...row,
        role: 'employer' as const,
        status: row.active ? ('active' as const) : ('invited' as const),
        policyholder: { company, avvAccepted, avvAcceptedAt, people },
      }));
      return { items, total, page, pageSize };
    }
    return await listStaff(
      ctx.db,
      ctx.companyId,
      { ...input, pageSize: Math.min(input.pageSize ?? 25, 100) },
      systemClock.now(),
    );
  });
