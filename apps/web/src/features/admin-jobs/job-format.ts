import type { RouterOutputs } from '@portal/api';
import type { TLocale, TMessageKey, TTranslate } from '@portal/i18n';
import { formatDate } from '../../lib/format-date.ts';

export type TJobOverview = RouterOutputs['admin']['jobs'];
export type TJobRun = TJobOverview['runs'][number];
export type TFailedJob = TJobOverview['failed'][number];

const TAG: Record<TLocale, string> = { de: 'de-DE', en: 'en-GB' };

/** Labels of the kinds the portal knows (packages/core/src/jobs/builtin-jobs.ts); others show as they are. */
const KIND_LABELS: Readonly<Record<string, TMessageKey>> = { housekeeping: 'admin_jobs.kind_housekeeping' };

export const kindLabel = (kind: string, t: TTranslate) => {
  const key = Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : undefined;
  return key ? t(key) : kind;
};

/** Labels of the counts the handlers answer (housekeeping's, THousekeepingResult); others show their own name. */
const OUTPUT_LABELS: Readonly<Record<string, TMessageKey>> = {
  sessions: 'admin_jobs.output_sessions',
  tokens: 'admin_jobs.output_tokens',
  throttle: 'admin_jobs.output_throttle',
  mails: 'admin_jobs.output_mails',
  auditEntries: 'admin_jobs.output_audit_entries',
  jobs: 'admin_jobs.output_jobs',
};

export interface TOutputEntry {
  key: string;
  label: string;
  value: string;
}

/**
 * A run's output (a short JSON object of counts from its handler, ADR 032) as label and value
 * pairs in the reader's number format, or null when it is not such an object: then the raw text
 * is shown as it is.
 */
export function outputEntries(output: string, locale: TLocale, t: TTranslate): TOutputEntry[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const number = new Intl.NumberFormat(TAG[locale]);
  return Object.entries(parsed).map(([key, value]) => {
    const labelKey = Object.hasOwn(OUTPUT_LABELS, key) ? OUTPUT_LABELS[key] : undefined;
    return {
      key,
      label: labelKey ? t(labelKey) : key,
      value: typeof value === 'number' ? number.format(value) : String(value),
    };
  });
}

/** Date and time in German time (DD.MM.YYYY as everywhere in the portal, then the time of day). */
export function formatDateTime(value: string, locale: TLocale): string {
  const time = new Intl.DateTimeFormat(TAG[locale], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Berlin',
  });
  return `${formatDate(value)}, ${time.format(new Date(value))}`;
}

/** How long a run took: milliseconds below a second, seconds below a minute, then minutes and seconds. */
export function formatDuration(startedAt: string, endedAt: string, locale: TLocale): string {
  const ms = Math.max(0, new Date(endedAt).getTime() - new Date(startedAt).getTime());
  const unit = (value: number, name: 'millisecond' | 'second' | 'minute', digits = 0) =>
    new Intl.NumberFormat(TAG[locale], {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (ms < 1000) return unit(ms, 'millisecond');
  if (ms < 60_000) return unit(ms / 1000, 'second', 1);
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

export type TRunState = 'running' | 'succeeded' | 'failed' | 'lease_expired';

/** A run without a result has not ended yet. */
export const runState = (run: Pick<TJobRun, 'result'>): TRunState => run.result ?? 'running';
