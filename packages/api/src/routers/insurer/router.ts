import type { TRPCRouterRecord } from '@trpc/server';
import { getPolicyProcedure } from './get-policy.ts';
import { listPoliciesProcedure } from './list-policies.ts';

/** The insurer's read-only calls under /api/insurer (ADR 035). */
export const insurerRouter = {
  policies: listPoliciesProcedure,
  policy: getPolicyProcedure,
} satisfies TRPCRouterRecord;
