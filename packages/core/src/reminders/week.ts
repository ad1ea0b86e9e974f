import { addDays, dayNumber } from '@portal/validators';
import { isWorkingDay, type TBundesland } from '../jobs/working-time.ts';

/** Noon UTC of a calendar day: the same day in Berlin all year. */
export const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** Monday of the week of a calendar day. */
export const mondayOf = (day: string) => addDays(day, -((dayNumber(day) + 3) % 7));

/** The ISO week of a calendar day, e.g. `2026-W48` (the key of a manager's digest). */
export function isoWeek(day: string): string {
  const thursday = addDays(mondayOf(day), 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Whether `day` is the first working day of its week (Monday, or later when Monday is a holiday). */
export function isFirstWorkingDayOfWeek(day: string, state: TBundesland | null): boolean {
  if (!isWorkingDay(noonOf(day), state)) return false;
  for (let other = mondayOf(day); other < day; other = addDays(other, 1)) {
    if (isWorkingDay(noonOf(other), state)) return false;
  }
  return true;
}
