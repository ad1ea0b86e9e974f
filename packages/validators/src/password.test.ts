import { describe, expect, it } from 'vitest';
import { ZPassword } from './fields.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  passwordScoreColour,
  type TPasswordScore,
} from './password.ts';
import { isPasswordStrongEnough, passwordScore } from './password-strength.ts';

describe('ZPassword length rule (ASVS V2.1)', () => {
  it('has the numbers of DECISIONS.md', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(PASSWORD_MIN_SCORE).toBe(2);
  });

  it('rejects 11 characters and accepts 12', () => {
    const short = ZPassword.safeParse('a'.repeat(11));
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('validation.password_min_length');
    expect(ZPassword.safeParse('a'.repeat(12)).success).toBe(true);
  });

  it('accepts 256 characters and rejects 257', () => {
    expect(ZPassword.safeParse('b'.repeat(256)).success).toBe(true);
    const long = ZPassword.safeParse('b'.repeat(257));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('validation.password_max_length');
  });

  it('allows any Unicode and has no composition rules', () => {
    expect(ZPassword.safeParse('Grüße aus Köln, ÄÖÜ ß').success).toBe(true);
    expect(ZPassword.safeParse('alllowercaseletters').success).toBe(true);
  });
});

describe('passwordScore (zxcvbn, score >= 2 required)', () => {
  it('scores a repeated character 0 and a four-word passphrase 4', () => {
    expect(passwordScore('aaaaaaaaaaaa')).toBe(0);
    expect(passwordScore('Kiesel-Ahorn-Dampfer-73')).toBe(4);
  });

  it('knows German and English common passwords', () => {
    expect(passwordScore('passwort1234')).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(passwordScore('password1234')).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(passwordScore('qwertzuiop12')).toBeLessThan(PASSWORD_MIN_SCORE);
  });

  it("counts the person's own data as weak (user inputs)", () => {
    const inputs = ['Erika', 'Mustermann', 'erika.mustermann@example.com', 'Beispiel GmbH'];
    expect(passwordScore('mustermann12345')).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(passwordScore('mustermann12345', inputs)).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(isPasswordStrongEnough('mustermann12345')).toBe(true);
    expect(isPasswordStrongEnough('mustermann12345', inputs)).toBe(false);
    expect(isPasswordStrongEnough('MustermannMustermann', inputs)).toBe(false);
  });

  it('ignores user-input fragments shorter than three characters', () => {
    // "ab" alone must not make an unrelated strong password weak.
    expect(isPasswordStrongEnough('Kiesel-Ahorn-Dampfer-73', ['ab', 'x@y.z'])).toBe(true);
  });

  it('isPasswordStrongEnough follows the score threshold', () => {
    expect(isPasswordStrongEnough('aaaaaaaaaaaa')).toBe(false);
    expect(isPasswordStrongEnough('Kiesel-Ahorn-Dampfer-73')).toBe(true);
  });
});

describe('passwordScoreColour (spec §4 meter)', () => {
  it.each([
    [0, 'red'],
    [1, 'red'],
    [2, 'orange'],
    [3, 'green'],
    [4, 'green'],
  ] as const)('score %i is %s', (score: TPasswordScore, colour) => {
    expect(passwordScoreColour(score)).toBe(colour);
  });
});
