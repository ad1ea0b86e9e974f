import { ZLanguage, ZRole, ZSalutation } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';

export const getEmployeeMeta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/employee/{id}',
    tags: ['Account'],
    summary: 'A user (oneself; employers and managers: people of their company; admins: anyone)',
  },
};

/** The user of spec §3 as the API shows it. */
export const ZUserResponse = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  salutation: ZSalutation.nullable(),
  role: ZRole,
  active: z.boolean(),
  isFirstLogin: z.boolean(),
  locked: z.boolean(),
  companyId: z.string().nullable(),
  dataProtectionPolicyAccepted: z.boolean(),
  lang: ZLanguage,
  sawVideo: z.boolean(),
  orderProcessingAccepted: z.boolean(),
  orderProcessingAcceptedAt: z.string().nullable(),
  acceptanceDate: z.string().nullable(),
  createdAt: z.string(),
  assignedCourseList: z.array(z.string()),
  ownsOneCompany: z.boolean(),
  /** The owner of a self-registered company that has not confirmed its email address yet (issue 37). */
  emailConfirmationPending: z.boolean(),
  phoneNumber: z.string(),
  street: z.string(),
  postCode: z.string(),
  city: z.string(),
});

export const ZGetEmployeeRequestSchema = z.object({ id: z.string().min(1).max(64) });
export const ZGetEmployeeResponseSchema = ZUserResponse;
