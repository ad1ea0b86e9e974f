import type { TRPCRouterRecord } from '@trpc/server';
import { meProcedure } from './me.ts';
import { portalInfoProcedure } from './portal-info.ts';

/** Web-app-only session helpers (not part of the REST surface). */
export const authRouter = {
  me: meProcedure,
  portalInfo: portalInfoProcedure,
} satisfies TRPCRouterRecord;
