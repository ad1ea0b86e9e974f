import { getCompany, loadUserView, notFound } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/company/{id}/owner',
    tags: ['Company'],
    summary: 'The policyholder of the company',
  },
};

export const getCompanyOwnerProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(
    z.object({
      id: z.string(),
      salutation: z.enum(['Mr', 'Mrs']).nullable(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
    }),
  )
  .query(async ({ ctx, input }) => {
    const company = await getCompany(ctx.db, ctx.user, input.id);
    const owner = company.ownerId ? await loadUserView(ctx.db, company.ownerId) : null;
    if (!owner) throw notFound();
    return {
      id: owner.id,
      salutation: owner.salutation,
      firstname: owner.firstname,
      lastname: owner.lastname,
      email: owner.email,
    };
  });
