import { describe, expect, it } from 'vitest';
import { addDays, berlinDay, daysBetween, formatDay, isCalendarDay } from './calendar-day.ts';

describe('calendar days (ADR 033)', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '26-01-01', '', '2026-01-01T00:00', '1999-12-31', 'x'])
      expect(isCalendarDay(bad), bad).toBe(false);
  });

  it('adds days across months, years and the clock change', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('reads the day in Germany and writes it DD.MM.YYYY', () => {
    expect(berlinDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(berlinDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(formatDay('2026-07-01')).toBe('01.07.2026');
  });
});
