import { describe, expect, it } from 'vitest';
import { ZInsuranceNumber } from './fields.ts';
import { isValidInsuranceNumber } from './insurance-number.ts';

const PLACEHOLDERS = [
  ...Array.from({ length: 10 }, (_, digit) => String(digit).repeat(10)),
  '1234567890',
  '1234567899',
  '9876543210',
  '9876543211',
];

describe('isValidInsuranceNumber (spec §5)', () => {
  it('accepts an empty value (the field is optional)', () => {
    expect(isValidInsuranceNumber('')).toBe(true);
  });

  it.each(['AS-4711081542', 'AS-0000000001', 'AS-1234567891', 'AS-9876543212', 'AS-1111111112'])(
    'accepts %s',
    (value) => {
      expect(isValidInsuranceNumber(value)).toBe(true);
    },
  );

  it.each([
    ['nine digits', 'AS-471108154'],
    ['eleven digits', 'AS-47110815421'],
    ['lower-case prefix', 'as-4711081542'],
    ['space instead of dash', 'AS 4711081542'],
    ['no prefix', '4711081542'],
    ['other prefix', 'AB-4711081542'],
    ['a letter among the digits', 'AS-47110815a2'],
    ['leading space', ' AS-4711081542'],
    ['trailing text', 'AS-4711081542x'],
    ['full-width digits', 'AS-４７１１０８１５４２'],
  ])('rejects %s (%s)', (_label, value) => {
    expect(isValidInsuranceNumber(value)).toBe(false);
  });

  it.each(PLACEHOLDERS)('rejects the placeholder AS-%s', (digits) => {
    expect(isValidInsuranceNumber(`AS-${digits}`)).toBe(false);
  });

  it('knows exactly 14 placeholders, all of them with the right shape', () => {
    expect(new Set(PLACEHOLDERS).size).toBe(14);
    for (const digits of PLACEHOLDERS) expect(digits).toMatch(/^\d{10}$/);
  });
});

describe('ZInsuranceNumber', () => {
  it('trims before checking', () => {
    expect(ZInsuranceNumber.parse('  AS-4711081542 ')).toBe('AS-4711081542');
    expect(ZInsuranceNumber.parse('   ')).toBe('');
  });

  it('fails with the translatable message key', () => {
    const result = ZInsuranceNumber.safeParse('AS-0000000000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.insurance_number_invalid');
  });
});
