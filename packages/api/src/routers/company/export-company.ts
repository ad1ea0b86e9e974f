import { exportCompanyData } from '@portal/core';
import { ZRole } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { authedProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/company/{id}/export',
    tags: ['Company'],
    summary: 'Policyholder: all data the portal keeps about the company and its people (no secrets)',
  },
};

const iso = z.string();
const nullableIso = z.string().nullable();

export const exportCompanyProcedure = authedProcedure
  .meta(meta)
  .input(z.object({ id: ZStaffId }))
  .output(
    z.object({
      exportedAt: iso,
      company: z.object({
        id: z.string(),
        companyName: z.string(),
        street: z.string(),
        postCode: z.string(),
        city: z.string(),
        phoneNumber: z.string(),
        insuranceNumber: z.string(),
        employeeCount: z.number().int().nullable(),
        createdAt: iso,
      }),
      people: z.array(
        z.object({
          id: z.string(),
          salutation: z.enum(['Mr', 'Mrs']).nullable(),
          firstname: z.string(),
          lastname: z.string(),
          email: z.string(),
          role: ZRole,
          active: z.boolean(),
          locked: z.boolean(),
          lang: z.enum(['de', 'en']),
          phoneNumber: z.string(),
          createdAt: iso,
        }),
      ),
      assignments: z.array(
        z.object({ userId: z.string(), courseSlug: z.string(), assignedAt: iso, dueOn: z.string().nullable() }),
      ),
      progress: z.array(
        z.object({
          userId: z.string(),
          courseSlug: z.string(),
          status: z.enum(['started', 'completed']),
          workingSeconds: z.number().int(),
          attentionPermille: z.number().int(),
          quizRepeatCount: z.number().int(),
          moduleRepeatCount: z.number().int(),
          bestScore: z.number().int().nullable(),
          startedAt: iso,
          completedAt: nullableIso,
          cycle: z.number().int(),
        }),
      ),
      avvAcceptances: z.array(z.object({ userId: z.string(), contractVersion: z.string(), acceptedAt: iso })),
      courseDueDates: z.array(z.object({ courseSlug: z.string(), dueOn: z.string() })),
      reminderSettings: z
        .object({
          defaultDueDays: z.number().int().nullable(),
          remindBefore: z.boolean(),
          remindDaysBefore: z.number().int(),
          remindOverdue: z.boolean(),
          reminderGapDays: z.number().int(),
          managerDigest: z.boolean(),
          completionAlert: z.boolean(),
          completionThreshold: z.number().int(),
          certificateExpiryAlert: z.boolean(),
          showNames: z.boolean(),
          showNamesChangedBy: z.string().nullable(),
          showNamesChangedAt: nullableIso,
          state: z.string().nullable(),
        })
        .nullable(),
      absences: z.array(z.object({ userId: z.string(), startsOn: z.string(), endsOn: z.string() })),
      reminders: z.array(z.object({ userId: z.string(), kind: z.string(), key: z.string(), sentOn: z.string() })),
      courseCycles: z.array(
        z.object({
          userId: z.string(),
          courseSlug: z.string(),
          cycle: z.number().int(),
          contentVersion: z.string(),
          workingSeconds: z.number().int(),
          bestScore: z.number().int().nullable(),
          startedAt: iso,
          completedAt: nullableIso,
        }),
      ),
    }),
  )
  .query(({ ctx, input }) => exportCompanyData(ctx.db, ctx.user, input.id));
