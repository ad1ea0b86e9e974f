import { describe, expect, it } from 'vitest';
import { berlinTime, isPublicHoliday, isWorkingDay, isWorkingTime, nextWorkingTime } from './working-time.ts';

describe('German working time in Europe/Berlin', () => {
  it('reads the Berlin calendar, not UTC', () => {
    // 23:30 UTC on 24 December is already Christmas Day in Berlin.
    expect(berlinTime(new Date('2026-12-24T23:30:00Z'))).toMatchObject({ year: 2026, month: 12, day: 25, hour: 0 });
    expect(isPublicHoliday(new Date('2026-12-24T23:30:00Z'))).toBe(true);
    expect(isPublicHoliday(new Date('2026-12-24T22:30:00Z'))).toBe(false);
  });

  it('knows national holidays everywhere and state holidays only in their state', () => {
    expect(isPublicHoliday(new Date('2026-10-03T10:00:00Z'))).toBe(true); // Tag der Deutschen Einheit
    // Heilige Drei Könige: Bavaria, not Hamburg, not nationally.
    const epiphany = new Date('2027-01-06T10:00:00Z');
    expect(isPublicHoliday(epiphany, 'BY')).toBe(true);
    expect(isPublicHoliday(epiphany, 'HH')).toBe(false);
    expect(isPublicHoliday(epiphany)).toBe(false);
    // Reformationstag: Hamburg, not Bavaria.
    expect(isPublicHoliday(new Date('2026-10-30T23:30:00Z'), 'HH')).toBe(true);
    expect(isPublicHoliday(new Date('2026-10-30T23:30:00Z'), 'BY')).toBe(false);
  });

  it('working days are Monday to Friday without holidays', () => {
    expect(isWorkingDay(new Date('2026-11-27T10:00:00Z'))).toBe(true); // Friday
    expect(isWorkingDay(new Date('2026-11-28T10:00:00Z'))).toBe(false); // Saturday
    expect(isWorkingDay(new Date('2027-01-06T10:00:00Z'), 'BW')).toBe(false); // Wednesday, holiday in BW
    expect(isWorkingDay(new Date('2027-01-06T10:00:00Z'), 'NW')).toBe(true);
  });

  it('working hours are 9 to 17 Berlin time, summer and winter', () => {
    expect(isWorkingTime(new Date('2026-11-27T08:00:00Z'))).toBe(true); // 09:00 CET
    expect(isWorkingTime(new Date('2026-11-27T07:59:00Z'))).toBe(false);
    expect(isWorkingTime(new Date('2026-11-27T16:00:00Z'))).toBe(false); // 17:00 CET
    expect(isWorkingTime(new Date('2026-07-01T07:00:00Z'))).toBe(true); // 09:00 CEST
  });

  it('the next working time skips evenings, weekends and holidays', () => {
    const inHours = new Date('2026-11-27T10:00:00Z');
    expect(nextWorkingTime(inHours)).toEqual(inHours);
    // Friday evening → Monday 09:00.
    expect(nextWorkingTime(new Date('2026-11-27T18:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // Christmas Eve evening (Thursday) → 25 and 26 are holidays, 26/27 weekend → Monday 28th.
    expect(nextWorkingTime(new Date('2026-12-24T17:00:00Z')).toISOString()).toBe('2026-12-28T08:00:00.000Z');
    // Tuesday 5 January 2027 evening in Bavaria → 6th is Epiphany → Thursday 7th.
    expect(nextWorkingTime(new Date('2027-01-05T18:00:00Z'), 'BY').toISOString()).toBe('2027-01-07T08:00:00.000Z');
    expect(nextWorkingTime(new Date('2027-01-05T18:00:00Z'), 'HH').toISOString()).toBe('2027-01-06T08:00:00.000Z');
    // Early morning on the day clocks go forward is a Sunday; Monday 09:00 CEST is 07:00 UTC.
    expect(nextWorkingTime(new Date('2026-03-29T01:00:00Z')).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });
});
