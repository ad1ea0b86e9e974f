import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import { z } from 'zod';

/** DECISIONS.md: 12..256 characters, any Unicode, no composition rules (ASVS V2.1). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §4/§9: score 0-4, at least 2 ("mittel"). */
export const PASSWORD_MIN_SCORE = 2;

export type TPasswordScore = 0 | 1 | 2 | 3 | 4;

// One factory for the process: building the dictionaries is the expensive part.
let factory: ZxcvbnFactory | undefined;
function getFactory(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
  });
  return factory;
}

/**
 * Strength score of a password. `userInputs` are the person's own name, email and company name:
 * a password built from them is weak even when it is long.
 */
export function passwordScore(password: string, userInputs: readonly string[] = []): TPasswordScore {
  const inputs = userInputs
    .flatMap((value) => value.toLowerCase().split(/[\s@._-]+/))
    .filter((part) => part.length >= 3);
  return getFactory().check(password, inputs).score as TPasswordScore;
}

export function isPasswordStrongEnough(password: string, userInputs: readonly string[] = []): boolean {
  return passwordScore(password, userInputs) >= PASSWORD_MIN_SCORE;
}

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
