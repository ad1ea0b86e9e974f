import { z } from 'zod';

const PATTERN = /^AS-\d{10}$/;
/** Numbers people type when they do not know theirs (spec §5). */
const PLACEHOLDERS = new Set([
  ...Array.from({ length: 10 }, (_, digit) => String(digit).repeat(10)),
  '1234567890',
  '1234567899',
  '9876543210',
  '9876543211',
]);

/** Spec §5: empty allowed, else 'AS-' plus exactly 10 digits that are not a placeholder. */
export function isValidInsuranceNumber(value: string): boolean {
  if (value === '') return true;
  if (!PATTERN.test(value)) return false;
  return !PLACEHOLDERS.has(value.slice(3));
}

export const ZInsuranceNumber = z
  .string()
  .trim()
  .refine(isValidInsuranceNumber, { message: 'validation.insurance_number_invalid' });
