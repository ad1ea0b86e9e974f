import { z } from 'zod';

/** DECISIONS.md: 12..256 characters, any Unicode, no composition rules (ASVS V2.1). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §4/§9: score 0-4, at least 2 ("mittel"). */
export const PASSWORD_MIN_SCORE = 2;

export type TPasswordScore = 0 | 1 | 2 | 3 | 4;

/** Length rule only; the strength rule needs the user inputs and runs where those are known. */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.password_min_length' })
  .max(PASSWORD_MAX_LENGTH, { message: 'validation.password_max_length' });

/** Colour of the strength meter, spec §4: red (0,1), orange (2), green (3,4). */
export function passwordScoreColour(score: TPasswordScore): 'red' | 'orange' | 'green' {
  if (score <= 1) return 'red';
  if (score === 2) return 'orange';
  return 'green';
}
