import { getUser } from '@portal/core';
import { authedProcedure } from '../../trpc.ts';
import { getEmployeeMeta, ZGetEmployeeRequestSchema, ZGetEmployeeResponseSchema } from './get-employee.types.ts';

export const getEmployeeProcedure = authedProcedure
  .meta(getEmployeeMeta)
  .input(ZGetEmployeeRequestSchema)
  .output(ZGetEmployeeResponseSchema)
  .query(async ({ ctx, input }) => await getUser(ctx.db, ctx.user, input.id));
