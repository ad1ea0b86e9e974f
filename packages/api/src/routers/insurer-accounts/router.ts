import type { TRPCRouterRecord } from '@trpc/server';
import { createInsurerAccountProcedure } from './create-insurer-account.ts';
import { deleteInsurerAccountProcedure } from './delete-insurer-account.ts';
import { listInsurerAccountsProcedure } from './list-insurer-accounts.ts';

/**
 * Admins manage the insurer's accounts under /api/admin/insurer-accounts (ADR 035). A lost
 * authenticator is reset with the admins' own call, POST /appuser/{id}/reset-two-factor.
 */
export const insurerAccountsRouter = {
  list: listInsurerAccountsProcedure,
  create: createInsurerAccountProcedure,
  delete: deleteInsurerAccountProcedure,
} satisfies TRPCRouterRecord;
