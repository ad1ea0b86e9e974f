import { companyHasOrderProcessing, countPolicyholders, listPolicyholders, listStaff, notFound } from '@portal/core';
import { TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { roleProcedure } from '../../trpc.ts';
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
export const listStaffProcedure = roleProcedure('employer', 'manager', 'admin')
  .meta(meta)
  .input(ZStaffListRequestSchema)
  .output(ZStaffListResponseSchema)
  .query(({ ctx, input }) => {
    const page = input.page ?? 1;
    if (ctx.user.role === 'admin') {
      const pageSize = input.pageSize ?? 1000;
      const items = listPolicyholders(ctx.db, { skip: (page - 1) * pageSize, limit: pageSize }).map(
        ({ company, avvAccepted, avvAcceptedAt, people, ...row }) => ({
          ...row,
          role: 'employer' as const,
          status: row.active ? ('active' as const) : ('invited' as const),
          policyholder: { company, avvAccepted, avvAcceptedAt, people },
        }),
      );
      return { items, total: countPolicyholders(ctx.db), page, pageSize };
    }
    // The same rule as every company-scoped procedure: own company, AVV accepted.
    const companyId = ctx.user.companyId;
    if (!companyId) throw notFound();
    if (!companyHasOrderProcessing(ctx.db, companyId)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'errors.actions_blocked' });
    }
    return listStaff(ctx.db, companyId, { ...input, pageSize: Math.min(input.pageSize ?? 25, 100) });
  });
