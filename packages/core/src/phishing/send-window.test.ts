import { describe, expect, it } from 'vitest';
import { berlinTime } from '../jobs/working-time.ts';
import { roundStartsOn, spreadSendTimes, windowSegments } from './send-window.ts';

const HOURS = { startHour: 9, endHour: 17 };
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

describe('the send window of a phishing campaign', () => {
  it('spans N working days in working hours, skipping the weekend and the state’s holidays', () => {
    // Thursday 2026-12-24 to …: 25 and 26 December are holidays, 27 a Sunday.
    const segments = windowSegments('2026-12-24', 3, HOURS, 'BY', LONG_AGO);
    expect(segments.map((s) => [new Date(s.from).toISOString(), new Date(s.to).toISOString()])).toEqual([
      ['2026-12-24T08:00:00.000Z', '2026-12-24T16:00:00.000Z'],
      ['2026-12-28T08:00:00.000Z', '2026-12-28T16:00:00.000Z'],
      ['2026-12-29T08:00:00.000Z', '2026-12-29T16:00:00.000Z'],
    ]);
    // Epiphany (6 January) is a holiday in Bavaria, not in Berlin.
    expect(windowSegments('2027-01-06', 1, HOURS, 'BY', LONG_AGO)[0]?.from).toBe(Date.parse('2027-01-07T08:00:00Z'));
    expect(windowSegments('2027-01-06', 1, HOURS, 'BE', LONG_AGO)[0]?.from).toBe(Date.parse('2027-01-06T08:00:00Z'));
  });

  it('starts now when the campaign starts inside its first day, and in summer time at 9 o’clock Berlin', () => {
    const now = new Date('2026-07-01T11:30:00Z');
    const [today, tomorrow] = windowSegments('2026-07-01', 2, HOURS, null, now);
    expect(today).toEqual({ from: now.getTime(), to: Date.parse('2026-07-01T15:00:00Z') });
    expect(tomorrow?.from).toBe(Date.parse('2026-07-02T07:00:00Z'));
  });

  it('spreads every send time inside working time, in order, over the whole window', () => {
    const segments = windowSegments('2026-11-30', 5, HOURS, null, LONG_AGO);
    const times = spreadSendTimes(segments, 1000);
    expect(times).toHaveLength(1000);
    for (const time of times) {
      const { hour, weekday } = berlinTime(time);
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(17);
      expect(weekday).toBeLessThanOrEqual(5);
    }
    const sorted = [...times].sort((a, b) => a.getTime() - b.getTime());
    expect(times).toEqual(sorted);
    // Each of the five days gets its fifth, give or take one.
    const perDay = new Map<number, number>();
    for (const time of times) perDay.set(berlinTime(time).day, (perDay.get(berlinTime(time).day) ?? 0) + 1);
    expect([...perDay.values()].every((n) => n >= 199 && n <= 201)).toBe(true);
    expect(spreadSendTimes(segments, 0)).toEqual([]);
  });

  it('starts later rounds whole months later, on the month’s last day where the day does not exist', () => {
    expect(roundStartsOn('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(roundStartsOn('2026-11-15', 'quarterly', 1)).toBe('2027-02-15');
    expect(roundStartsOn('2026-11-15', 'half-yearly', 2)).toBe('2027-11-15');
    expect(roundStartsOn('2026-11-15', 'none', 0)).toBe('2026-11-15');
  });
});
