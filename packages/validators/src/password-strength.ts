import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_SCORE, type TPasswordScore } from './password.ts';

/*
 * Kept apart from the other rules because the dictionaries weigh about a megabyte: the browser
 * loads this module lazily, only on pages with a password meter.
 */

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
