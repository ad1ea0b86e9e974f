import type { TRPCRouterRecord } from '@trpc/server';
import { getLegalTextProcedure } from './get-legal-text.ts';

/** Public legal texts (spec §2: /order-data-processing, /impressum, data protection notes). */
export const legalRouter = {
  get: getLegalTextProcedure,
} satisfies TRPCRouterRecord;
