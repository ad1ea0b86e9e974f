/*
 * Due dates and absences are calendar days in Germany, written `YYYY-MM-DD` (ADR 033): a due date
 * is a day, not an instant, so it reads the same in every time zone and compares as text. Day
 * arithmetic runs on UTC dates, where every day has 24 hours.
 */

const DAY_MS = 24 * 3600 * 1000;
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in `YYYY-MM-DD` (no 31 February), between the years 2000 and 2999. */
export function isCalendarDay(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 of a calendar day. */
export const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The calendar day of a day number. */
export const dayOfNumber = (number: number): string => new Date(number * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOfNumber(dayNumber(day) + days);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

// Made on first use: a format with a time zone loads the browser's zone data, about 30 ms on this
// machine (120 ms on Lighthouse's slowed phone), and every page whose form rules import this module
// paid it while loading them, the sign-in too, which never asks for a day (ADR 038).
let berlinDayFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in Germany at an instant (en-CA formats as `YYYY-MM-DD`). */
export function berlinDay(at: Date): string {
  berlinDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return berlinDayFormat.format(at);
}

/** DECISIONS.md: dates read DD.MM.YYYY in both languages. */
export function formatDay(day: string): string {
  const match = PATTERN.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}
