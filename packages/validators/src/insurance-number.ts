/*
 * No zod here: the web app's route guard checks this rule on every navigation, and a zod schema
 * beside it would pull zod into the first JavaScript of every page (ADR 020). ZInsuranceNumber
 * lives in fields.ts.
 */
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
