import type { TRPCRouterRecord } from '@trpc/server';
import { getCompanyStatsProcedure } from './get-company-stats.ts';
import { getOverallStatsProcedure } from './get-overall-stats.ts';

/** Calls under /api/statistics: the provider's overall figures (admins) and a company's dashboard. */
export const statisticsRouter = {
  overall: getOverallStatsProcedure,
  company: getCompanyStatsProcedure,
} satisfies TRPCRouterRecord;
