import { inviteEmployee } from '@portal/core';
import { ZEmail, ZLanguage, ZName, ZTeam } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { confirmedCompanyProcedure } from '../../trpc.ts';
import { requestMeta } from '../auth/session-response.ts';
import { ZTrainingSlug } from '../progress/progress.types.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/employee/invite-employee',
    tags: ['Employees'],
    summary: 'Invite a manager (employers only) or an employee; the invitation mail carries a 14-day link',
    description: 'A used email answers 409 `users.email_already_exists`; nothing is created then.',
  },
};

export const ZInviteEmployeeRequestSchema = z.object({
  firstname: ZName,
  lastname: ZName,
  email: ZEmail,
  /** The person's team or department; '' or left out for none. */
  team: ZTeam.default(''),
  isManager: z.boolean().default(false),
  assignedCourseList: z.array(ZTrainingSlug).max(12).default([]),
  lang: ZLanguage.optional(),
});

export const inviteEmployeeProcedure = confirmedCompanyProcedure
  .meta(meta)
  .input(ZInviteEmployeeRequestSchema)
  .output(z.object({ employeeId: z.string() }))
  .mutation(
    async ({ ctx, input }) =>
      await inviteEmployee(ctx.db, { ...ctx.user, companyId: ctx.companyId }, input, {
        ...requestMeta(ctx),
        publicUrl: ctx.config.publicUrl,
      }),
  );
