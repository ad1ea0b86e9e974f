import type { TMessageKey } from '@portal/i18n';
import { getLocale } from '../../lib/locale-state.ts';

/** A period of German calendar days, both included (YYYY-MM-DD), as the statistics call takes it. */
export interface TPeriod {
  from: string;
  to: string;
}

/** The server's limit (docs/decisions/017), checked here too so the form can say so at once. */
export const MAX_PERIOD_YEARS = 5;

const DAY_MS = 86_400_000;
const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** Today in German time, whatever the browser's time zone. */
export const today = () => berlinDate.format(new Date());

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = parts(value);
  return isoDay(Date.UTC(year, month - 1, day)) === value;
}

/** DD.MM.YYYY, the way dates read in the portal in both languages (DECISIONS.md). */
export const germanDate = (iso: string) => iso.split('-').reverse().join('.');

/** YYYY-MM-DD from what a person typed as D.M.YYYY or DD.MM.YYYY; null when it is no date. */
export function isoFromGermanDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

export type TPreset = 'last_30_days' | 'last_12_months' | 'this_year';

export const PRESETS: { id: TPreset; label: TMessageKey }[] = [
  { id: 'last_30_days', label: 'admin_stats.preset_30_days' },
  { id: 'last_12_months', label: 'admin_stats.preset_12_months' },
  { id: 'this_year', label: 'admin_stats.preset_this_year' },
];

/** "Last 12 months" is the current calendar month and the eleven before it, like the server's default. */
export function presetPeriod(preset: TPreset, now = today()): TPeriod {
  const [year, month, day] = parts(now);
  if (preset === 'last_30_days') return { from: isoDay(Date.UTC(year, month - 1, day) - 29 * DAY_MS), to: now };
  if (preset === 'this_year') return { from: `${year}-01-01`, to: now };
  return { from: isoDay(Date.UTC(year, month - 12, 1)), to: now };
}

export const defaultPeriod = () => presetPeriod('last_12_months');

/** The message for a period the server would refuse, or null when it is fine. */
export function periodProblem({ from, to }: TPeriod): TMessageKey | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'admin_stats.date_invalid';
  if (from > to) return 'admin_stats.period_invalid';
  const [year, month, day] = parts(from);
  if (to >= isoDay(Date.UTC(year + MAX_PERIOD_YEARS, month - 1, day))) return 'admin_stats.period_too_long';
  return null;
}

/**
 * The call's input from the page address (`?from=…&to=…`, the default period without them), so
 * the route loader prefetches exactly what the page asks for and a reload keeps the period.
 */
export function statsInput(search: URLSearchParams) {
  const fallback = defaultPeriod();
  return { from: search.get('from') || fallback.from, to: search.get('to') || fallback.to, lang: getLocale() };
}
