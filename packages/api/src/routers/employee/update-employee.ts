import { updateAccount } from '@portal/core';
import { authedProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import {
  updateEmployeeMeta,
  ZUpdateEmployeeRequestSchema,
  ZUpdateEmployeeResponseSchema,
} from './update-employee.types.ts';

export const updateEmployeeProcedure = authedProcedure
  .meta(updateEmployeeMeta)
  .input(ZUpdateEmployeeRequestSchema)
  .output(ZUpdateEmployeeResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { id, emailConfirmation: _confirmed, ...patch } = input;
    return await updateAccount(ctx.db, ctx.user, id, patch, requestMeta(ctx));
  });
