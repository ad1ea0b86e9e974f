import { addDays, berlinDay, dayNumber, dayOfNumber } from '@portal/validators';

/** An absence from one calendar day to another, both included. */
export interface TAbsenceDays {
  startsOn: string;
  endsOn: string;
}

export interface TDueInput {
  /** When the course was assigned. */
  assignedAt: Date;
  /** The person's own due date, if the employer set one. */
  personalDueOn: string | null;
  /** The course's due date for the whole company, if set. */
  courseDueOn: string | null;
  /** The company's "within N days of assignment", if set. */
  defaultDueDays: number | null;
  /** The person's absences, in any order. */
  absences: readonly TAbsenceDays[];
}

/**
 * The day a course is due for one person (ADR 033), or null when nothing sets one. The first of
 * these decides: the person's own date, the course's date for the company, the assignment day plus
 * the company's default; a date before the assignment day is skipped. Then every absent day between the assignment and the due date moves the
 * due date one day later; an absence that the moved date now reaches moves it further, so a date
 * never falls inside an absence.
 */
export function effectiveDueOn(input: TDueInput): string | null {
  const assignedOn = berlinDay(input.assignedAt);
  // A date before the assignment day belongs to an earlier round (a yearly refresher counts its
  // assignment from the day it reopened): it does not make the new round overdue at once.
  const current = (day: string | null) => (day !== null && day >= assignedOn ? day : null);
  const base =
    current(input.personalDueOn) ??
    current(input.courseDueOn) ??
    (input.defaultDueDays === null ? null : addDays(assignedOn, input.defaultDueDays));
  if (base === null) return null;
  const from = dayNumber(assignedOn);
  let due = dayNumber(base);
  const sorted = [...input.absences].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  for (const absence of sorted) {
    const start = Math.max(dayNumber(absence.startsOn), from);
    const end = dayNumber(absence.endsOn);
    if (start > due || end < start) continue;
    due += end - start + 1;
  }
  return dayOfNumber(due);
}

export type TDueState = 'overdue' | 'due_soon' | 'due_later';

/** Where a due date stands on `today`: overdue the day after it, due soon within `soonDays`. */
export function dueState(dueOn: string, today: string, soonDays: number): TDueState {
  const left = dayNumber(dueOn) - dayNumber(today);
  if (left < 0) return 'overdue';
  return left <= soonDays ? 'due_soon' : 'due_later';
}

/** The absence that covers `day`, if any. */
export const absenceOn = <T extends TAbsenceDays>(absences: readonly T[], day: string): T | undefined =>
  absences.find((absence) => absence.startsOn <= day && day <= absence.endsOn);
