import type { TRPCRouterRecord } from '@trpc/server';
import { endAbsenceProcedure } from './end-absence.ts';
import { recordAbsenceProcedure } from './record-absence.ts';

/** Calls under /api/absences: people marked absent (ADR 033). */
export const absencesRouter = {
  record: recordAbsenceProcedure,
  end: endAbsenceProcedure,
} satisfies TRPCRouterRecord;
