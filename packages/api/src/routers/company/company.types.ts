import { ZInsuranceNumber } from '@portal/validators';
import { z } from 'zod';

export const ZCompanyResponse = z.object({
  id: z.string(),
  companyName: z.string(),
  street: z.string(),
  postCode: z.string(),
  city: z.string(),
  phoneNumber: z.string(),
  insuranceNumber: z.string(),
  employeeCount: z.number().int().nullable(),
  ownerId: z.string().nullable(),
});

const text = (max: number) => z.string().trim().max(max, { message: 'validation.too_long' });

export const ZCompanyPatch = z.object({
  companyName: text(200).min(1, { message: 'validation.required' }).optional(),
  street: text(200).optional(),
  postCode: text(20).optional(),
  city: text(100).optional(),
  phoneNumber: text(50).optional(),
  insuranceNumber: ZInsuranceNumber.optional(),
  employeeCount: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
