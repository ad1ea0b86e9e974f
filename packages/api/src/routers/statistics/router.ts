import type { TRPCRouterRecord } from '@trpc/server';
import { getCompanyStatsProcedure } from './get-company-stats.ts';

/** Calls under /api/statistics. The admin's overall statistics join with the admin issue. */
export const statisticsRouter = {
  company: getCompanyStatsProcedure,
} satisfies TRPCRouterRecord;
