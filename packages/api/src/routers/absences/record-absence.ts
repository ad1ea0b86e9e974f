import { recordAbsence, systemClock } from '@portal/core';
import { ZCalendarDay } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/absences/record',
    tags: ['Absences'],
    summary:
      'Mark a person absent from startsOn (default today) up to and including endsOn: no reminders, deadlines move (ADR 033)',
  },
};

export const ZAbsence = z.object({ id: z.string(), userId: z.string(), startsOn: z.string(), endsOn: z.string() });

export const recordAbsenceProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ userId: ZStaffId, startsOn: ZCalendarDay.optional(), endsOn: ZCalendarDay }))
  .output(ZAbsence)
  .mutation(({ ctx, input }) => recordAbsence(ctx.db, ctx.user, ctx.companyId, input, systemClock.now()));
