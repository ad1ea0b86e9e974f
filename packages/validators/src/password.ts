// No zod here: the web app's forms read these limits on the sign-in page, which does not wait for
// zod (ADR 020). ZPassword lives in fields.ts.

/** DECISIONS.md: 12..256 characters, any Unicode, no composition rules (ASVS V2.1). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §4/§9: score 0-4, at least 2 ("mittel"). */
export const PASSWORD_MIN_SCORE = 2;

export type TPasswordScore = 0 | 1 | 2 | 3 | 4;

/** Colour of the strength meter, spec §4: red (0,1), orange (2), green (3,4). */
export function passwordScoreColour(score: TPasswordScore): 'red' | 'orange' | 'green' {
  if (score <= 1) return 'red';
  if (score === 2) return 'orange';
  return 'green';
}
