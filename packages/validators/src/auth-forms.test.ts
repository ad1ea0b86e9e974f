import { describe, expect, it } from 'vitest';
import { ZFirstLoginInput, ZLoginForm, ZRegisterForm } from './auth-forms.ts';

const valid = {
  firstname: 'Erika',
  lastname: 'Mustermann',
  companyName: 'Beispiel GmbH',
  email: '  Erika.Mustermann@Example.COM ',
  password: 'Kiesel-Ahorn-Dampfer-73',
  confirmPassword: 'Kiesel-Ahorn-Dampfer-73',
  confirmLicense: true,
  dataProtectionPolicyAccepted: true,
  orderProcessingAccepted: true,
};

const issuesOf = (input: unknown) => {
  const result = ZRegisterForm.safeParse(input);
  if (result.success) throw new Error('expected the form to be invalid');
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('ZRegisterForm', () => {
  it('accepts a complete form and normalises the email', () => {
    const parsed = ZRegisterForm.parse(valid);
    expect(parsed.email).toBe('erika.mustermann@example.com');
    expect(parsed.firstname).toBe('Erika');
  });

  it('trims names', () => {
    expect(ZRegisterForm.parse({ ...valid, firstname: '  Erika ' }).firstname).toBe('Erika');
  });

  it.each(['confirmLicense', 'dataProtectionPolicyAccepted', 'orderProcessingAccepted'])(
    'requires the checkbox %s',
    (field) => {
      expect(issuesOf({ ...valid, [field]: false })).toEqual([{ path: field, message: 'validation.must_be_checked' }]);
      expect(issuesOf({ ...valid, [field]: undefined })).toEqual([
        { path: field, message: 'validation.must_be_checked' },
      ]);
    },
  );

  it('requires matching passwords (error on confirmPassword)', () => {
    expect(issuesOf({ ...valid, confirmPassword: 'Kiesel-Ahorn-Dampfer-74' })).toEqual([
      { path: 'confirmPassword', message: 'validation.passwords_do_not_match' },
    ]);
  });

  it('applies the password length rule', () => {
    expect(issuesOf({ ...valid, password: 'short', confirmPassword: 'short' })).toEqual([
      { path: 'password', message: 'validation.password_min_length' },
      { path: 'confirmPassword', message: 'validation.password_min_length' },
    ]);
  });

  it('requires names and company, and a valid email', () => {
    const issues = issuesOf({ ...valid, firstname: ' ', companyName: '', email: 'not-an-email' });
    expect(issues).toContainEqual({ path: 'firstname', message: 'validation.required' });
    expect(issues).toContainEqual({ path: 'companyName', message: 'validation.required' });
    expect(issues).toContainEqual({ path: 'email', message: 'validation.email_invalid' });
  });

  it('limits the length of names', () => {
    expect(issuesOf({ ...valid, lastname: 'x'.repeat(101) })).toEqual([
      { path: 'lastname', message: 'validation.too_long' },
    ]);
  });
});

describe('ZLoginForm and ZFirstLoginInput', () => {
  it('login needs an email and a non-empty password, but no length rule', () => {
    expect(ZLoginForm.parse({ email: 'A@B.de', password: 'x' })).toEqual({ email: 'a@b.de', password: 'x' });
    expect(ZLoginForm.safeParse({ email: 'a@b.de', password: '' }).success).toBe(false);
  });

  it('first login needs the privacy checkbox and matching passwords', () => {
    const base = {
      token: 'abc',
      password: 'Kiesel-Ahorn-Dampfer-73',
      confirmPassword: 'Kiesel-Ahorn-Dampfer-73',
      dataProtectionPolicyAccepted: true,
    };
    expect(ZFirstLoginInput.safeParse(base).success).toBe(true);
    expect(ZFirstLoginInput.safeParse({ ...base, dataProtectionPolicyAccepted: false }).success).toBe(false);
    expect(ZFirstLoginInput.safeParse({ ...base, confirmPassword: 'something-else-1' }).success).toBe(false);
  });
});
