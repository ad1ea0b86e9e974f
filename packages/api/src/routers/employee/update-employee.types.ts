import { ZEmail, ZLanguage, ZName, ZSalutation } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { ZUserResponse } from './get-employee.types.ts';

export const updateEmployeeMeta: OpenApiMeta = {
  openapi: {
    method: 'PATCH',
    path: '/employee/{id}',
    tags: ['Account'],
    summary: 'Update one’s own account (admins: any account)',
    description:
      'Passwords change through POST /employee/change-password (it needs the current password). A new email must be sent twice (`email`, `emailConfirmation`). Consents can be given here, not withdrawn.',
  },
};

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const ZUpdateEmployeeRequestSchema = z
  .object({
    id: z.string().min(1).max(64),
    firstname: ZName.optional(),
    lastname: ZName.optional(),
    salutation: ZSalutation.optional(),
    phoneNumber: optionalText(40),
    street: optionalText(200),
    postCode: optionalText(10),
    city: optionalText(100),
    lang: ZLanguage.optional(),
    sawVideo: z.boolean().optional(),
    dataProtectionPolicyAccepted: z.literal(true).optional(),
    orderProcessingAccepted: z.literal(true).optional(),
    email: ZEmail.optional(),
    emailConfirmation: ZEmail.optional(),
  })
  .refine((value) => value.email === undefined || value.email === value.emailConfirmation, {
    message: 'validation.email_confirmation_mismatch',
    path: ['emailConfirmation'],
  });
export const ZUpdateEmployeeResponseSchema = ZUserResponse;
