import type { TBundesland } from '@portal/validators';
import { Cron } from 'croner';
import { isHoliday } from 'feiertagejs';

// The states' codes live with the shared rules, so the web app's settings form uses the same list.
export { BUNDESLAENDER, type TBundesland } from '@portal/validators';

/** Working hours in Europe/Berlin, start inclusive, end exclusive (whole hours). */
export interface TWorkingHours {
  startHour: number;
  endHour: number;
}

/** Mails that ask people to do something arrive in office hours (DECISIONS.md: helpful, not shaming). */
export const DEFAULT_WORKING_HOURS: TWorkingHours = { startHour: 9, endHour: 17 };

const BERLIN = 'Europe/Berlin';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BERLIN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The calendar day, hour and weekday (1 = Monday) of an instant in Berlin. */
export function berlinTime(at: Date): { year: number; month: number; day: number; hour: number; weekday: number } {
  const get = (type: string) => parts.formatToParts(at).find((part) => part.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    weekday: WEEKDAYS[get('weekday')] ?? 0,
  };
}

/**
 * A German public holiday in Berlin's calendar: the national ones, plus the state's where it is
 * known. feiertagejs reads a date by the process's local calendar, so it gets local noon of the
 * Berlin day, which is that day in any time zone the process runs in.
 */
export function isPublicHoliday(at: Date, state?: TBundesland | null): boolean {
  const { year, month, day } = berlinTime(at);
  const key = `${year}-${month}-${day}|${state ?? 'BUND'}`;
  let holiday = holidays.get(key);
  if (holiday === undefined) {
    holiday = isHoliday(new Date(year, month - 1, day, 12), state ?? 'BUND');
    // feiertagejs works out the year's holidays on every call (milliseconds; the daily reminder
    // run asks per company, docs/benchmarks.md): the answer per day and state is kept.
    if (holidays.size > 10_000) holidays.clear();
    holidays.set(key, holiday);
  }
  return holiday;
}
const holidays = new Map<string, boolean>();

/** Monday to Friday and not a public holiday, in Berlin. */
export function isWorkingDay(at: Date, state?: TBundesland | null): boolean {
  return berlinTime(at).weekday <= 5 && !isPublicHoliday(at, state);
}

export function isWorkingTime(at: Date, state?: TBundesland | null, hours = DEFAULT_WORKING_HOURS): boolean {
  const { hour } = berlinTime(at);
  return hour >= hours.startHour && hour < hours.endHour && isWorkingDay(at, state);
}

/**
 * `at` if it is working time, else the start of the next working day's hours (croner finds the
 * next weekday start in Berlin, daylight saving time included; holidays are skipped).
 */
export function nextWorkingTime(at: Date, state?: TBundesland | null, hours = DEFAULT_WORKING_HOURS): Date {
  if (isWorkingTime(at, state, hours)) return at;
  const starts = new Cron(`0 ${hours.startHour} * * 1-5`, { timezone: BERLIN, paused: true });
  try {
    let candidate = starts.nextRun(at);
    // At most a few holidays in a row (Christmas to New Year); a year bounds a wrong pattern.
    for (let step = 0; candidate && step < 366; step += 1) {
      if (!isPublicHoliday(candidate, state)) return candidate;
      candidate = starts.nextRun(candidate);
    }
    throw new Error('no working day within a year');
  } finally {
    starts.stop();
  }
}
