import { createTranslator } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, kindLabel, outputEntries, runState } from './job-format.ts';

const de = createTranslator('de');
const en = createTranslator('en');

describe('the job page formats', () => {
  it('labels the kinds it knows and shows any other kind as it is', () => {
    expect(kindLabel('housekeeping', de)).toBe('Aufräumen');
    expect(kindLabel('housekeeping', en)).toBe('Housekeeping');
    expect(kindLabel('renewal-notice', de)).toBe('renewal-notice');
    // Not a property of every object.
    expect(kindLabel('constructor', de)).toBe('constructor');
  });

  it('reads the output counts with labels in the reader’s number format', () => {
    expect(outputEntries('{"sessions":3,"jobs":1200}', 'de', de)).toEqual([
      { key: 'sessions', label: 'Abgelaufene Sitzungen', value: '3' },
      { key: 'jobs', label: 'Erledigte Jobs', value: '1.200' },
    ]);
    expect(outputEntries('{"auditEntries":1200,"sent":2,"dryRun":true}', 'en', en)).toEqual([
      { key: 'auditEntries', label: 'Audit entries', value: '1,200' },
      { key: 'sent', label: 'sent', value: '2' },
      { key: 'dryRun', label: 'dryRun', value: 'true' },
    ]);
    expect(outputEntries('{}', 'de', de)).toEqual([]);
  });

  it('leaves output that is not an object of counts to be shown raw', () => {
    expect(outputEntries('not json', 'de', de)).toBeNull();
    expect(outputEntries('[1,2]', 'de', de)).toBeNull();
    expect(outputEntries('42', 'de', de)).toBeNull();
    expect(outputEntries('null', 'de', de)).toBeNull();
  });

  it('writes times in German time, summer and winter', () => {
    expect(formatDateTime('2026-11-27T10:07:03.000Z', 'de')).toBe('27.11.2026, 11:07:03');
    expect(formatDateTime('2026-07-01T22:30:00.000Z', 'en')).toBe('02.07.2026, 00:30:00');
  });

  it('writes durations from milliseconds to minutes', () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 10, 7) + ms).toISOString();
    const start = at(0);
    expect(formatDuration(start, at(35), 'de')).toBe('35 ms');
    expect(formatDuration(start, at(1540), 'de')).toBe('1,5 Sek.');
    // ICU versions differ in English short units ('sec' or 'secs').
    expect(formatDuration(start, at(1540), 'en')).toMatch(/^1\.5 secs?$/);
    expect(formatDuration(start, at(125_000), 'de')).toBe('2 Min. 5 Sek.');
    expect(formatDuration(start, at(125_000), 'en')).toMatch(/^2 mins? 5 secs?$/);
    expect(formatDuration(start, at(119_700), 'de')).toBe('2 Min.');
  });

  it('counts a run without a result as running', () => {
    expect(runState({ result: null })).toBe('running');
    expect(runState({ result: 'lease_expired' })).toBe('lease_expired');
  });
});
