import { z } from 'zod';
import { isCalendarDay } from './calendar-day.ts';
import { isValidInsuranceNumber } from './insurance-number.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';

export const LANGUAGES = ['de', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const ZLanguage = z.enum(LANGUAGES);

export const ROLES = ['admin', 'insurer', 'employer', 'manager', 'employee'] as const;
export type TRole = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES);
/** Roles that sign in through /login (customer side). */
export const CUSTOMER_ROLES = ['employer', 'manager', 'employee'] as const satisfies readonly TRole[];
/**
 * Roles of the provider's side, with no company: they sign in at /admin/login (`/appuser/login`)
 * and always with two factors (ADR 012, ADR 035). The insurer reads company-level figures only.
 */
export const BACK_OFFICE_ROLES = ['admin', 'insurer'] as const satisfies readonly TRole[];
export type TBackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];
export const isBackOfficeRole = (role: TRole): role is TBackOfficeRole => role === 'admin' || role === 'insurer';

export const SALUTATIONS = ['Mr', 'Mrs'] as const;
export const ZSalutation = z.enum(SALUTATIONS);

/** Emails are compared case-insensitively; we store them trimmed and lower-cased. */
export const ZEmail = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(254, { message: 'validation.email_invalid' })
  .pipe(z.email({ message: 'validation.email_invalid' }))
  .transform((value) => value.toLowerCase());

export const ZName = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(100, { message: 'validation.too_long' });

/** A team's name: at most this many characters, after inner spaces are collapsed. */
export const TEAM_MAX_LENGTH = 60;

/**
 * "Vertrieb  Nord " and "Vertrieb Nord" are one team: spaces are trimmed and collapsed, so a
 * campaign that addresses a team reaches everyone a list or a form put into it. Case is kept.
 */
export const normaliseTeam = (value: string) => value.trim().replace(/\s+/g, ' ');

/** A person's team or department (issue 24); '' means none. */
export const ZTeam = z
  .string()
  .transform(normaliseTeam)
  .pipe(z.string().max(TEAM_MAX_LENGTH, { message: 'validation.too_long' }));

export const ZRequiredText = (max = 200) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.too_long' });

/** Typed confirmations (spec §5): valid while empty or equal to the word; submit needs the word. */
export const isConfirmationWordValid = (value: string, word: 'DELETE' | 'RESET') => value === '' || value === word;

/** Spec §5: the insurance number field, trimmed; the rule itself is zod-free (insurance-number.ts). */
export const ZInsuranceNumber = z
  .string()
  .trim()
  .refine(isValidInsuranceNumber, { message: 'validation.insurance_number_invalid' });

/** Length rule only; the strength rule needs the user inputs and runs where those are known. */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.password_min_length' })
  .max(PASSWORD_MAX_LENGTH, { message: 'validation.password_max_length' });

/** A calendar day `YYYY-MM-DD` (due dates, absences; ADR 033). */
export const ZCalendarDay = z.string().trim().refine(isCalendarDay, { message: 'due_dates.invalid_day' });

/** "Due within N days of assignment": 1 to 365 (issue 22). */
export const ZDueDays = z
  .number({ message: 'due_dates.days_range' })
  .int({ message: 'due_dates.days_range' })
  .min(1, { message: 'due_dates.days_range' })
  .max(365, { message: 'due_dates.days_range' });
