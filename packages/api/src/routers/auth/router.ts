import type { TRPCRouterRecord } from '@trpc/server';
import { meProcedure } from './me.ts';

/** Web-app-only session helpers (not part of the REST surface). */
export const authRouter = {
  me: meProcedure,
} satisfies TRPCRouterRecord;
