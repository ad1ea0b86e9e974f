import { loadUserView } from '@portal/core';
import { publicProcedure } from '../../trpc.ts';
import { ZUserResponse } from '../employee/get-employee.types.ts';

/**
 * The signed-in person, or null. Web app only (no REST path): the browser cannot read its
 * HttpOnly session cookie, so it asks. Public on purpose: "not signed in" is an answer here.
 */
export const meProcedure = publicProcedure.output(ZUserResponse.nullable()).query(async ({ ctx }) => {
  if (!ctx.user || ctx.csrfRejected) return null;
  return await loadUserView(ctx.db, ctx.user.id);
});
