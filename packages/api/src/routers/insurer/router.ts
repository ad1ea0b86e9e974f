import type { TRPCRouterRecord } from '@trpc/server';
import { listPoliciesProcedure } from './list-policies.ts';

/** The insurer's read-only calls under /api/insurer (ADR 035). */
export const insurerRouter = {
  policies: listPoliciesProcedure,
} satisfies TRPCRouterRecord;
