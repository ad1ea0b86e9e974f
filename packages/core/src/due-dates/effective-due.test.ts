import { describe, expect, it } from 'vitest';
import { dueState, effectiveDueOn } from './effective-due.ts';

// 10:00 in Berlin on 2 March 2026 (winter time, UTC+1).
const assignedAt = new Date('2026-03-02T09:00:00Z');
const base = { assignedAt, personalDueOn: null, courseDueOn: null, defaultDueDays: null, absences: [] };

describe('effective due date (ADR 033)', () => {
  it('takes the person’s date, else the course’s, else the default days, else none', () => {
    expect(effectiveDueOn(base)).toBeNull();
    expect(effectiveDueOn({ ...base, defaultDueDays: 30 })).toBe('2026-04-01');
    expect(effectiveDueOn({ ...base, defaultDueDays: 30, courseDueOn: '2026-05-15' })).toBe('2026-05-15');
    expect(
      effectiveDueOn({ ...base, defaultDueDays: 30, courseDueOn: '2026-05-15', personalDueOn: '2026-06-01' }),
    ).toBe('2026-06-01');
  });

  it('skips a date before the assignment day: it belonged to an earlier round (the refresher)', () => {
    expect(effectiveDueOn({ ...base, courseDueOn: '2026-02-27', defaultDueDays: 30 })).toBe('2026-04-01');
    expect(effectiveDueOn({ ...base, personalDueOn: '2026-01-15', courseDueOn: '2026-05-15' })).toBe('2026-05-15');
    expect(effectiveDueOn({ ...base, courseDueOn: '2026-02-27' })).toBeNull();
  });

  it('counts the assignment day in Berlin, not in UTC', () => {
    // 23:30 UTC on 1 March is 00:30 on 2 March in Berlin.
    expect(effectiveDueOn({ ...base, assignedAt: new Date('2026-03-01T23:30:00Z'), defaultDueDays: 1 })).toBe(
      '2026-03-03',
    );
  });

  it('moves the date by every absent day between assignment and due date, and only those', () => {
    const dated = { ...base, courseDueOn: '2026-03-31' };
    // Ten days inside the period: ten days later.
    expect(effectiveDueOn({ ...dated, absences: [{ startsOn: '2026-03-10', endsOn: '2026-03-19' }] })).toBe(
      '2026-04-10',
    );
    // Begun before the assignment: only the days from the assignment on count (2 to 5 March: 4).
    expect(effectiveDueOn({ ...dated, absences: [{ startsOn: '2026-02-20', endsOn: '2026-03-05' }] })).toBe(
      '2026-04-04',
    );
    // Wholly before the assignment, or after the due date: nothing moves.
    expect(effectiveDueOn({ ...dated, absences: [{ startsOn: '2026-01-01', endsOn: '2026-02-28' }] })).toBe(
      '2026-03-31',
    );
    expect(effectiveDueOn({ ...dated, absences: [{ startsOn: '2026-04-02', endsOn: '2026-04-30' }] })).toBe(
      '2026-03-31',
    );
  });

  it('lets a moved date reach a later absence, which moves it again, in any input order', () => {
    const absences = [
      { startsOn: '2026-04-05', endsOn: '2026-04-09' },
      { startsOn: '2026-03-25', endsOn: '2026-04-03' },
    ];
    // The first absence (25 March to 3 April, 10 days) moves 31 March to 10 April, which now covers
    // the second (5 to 9 April, 5 days): 15 April.
    expect(effectiveDueOn({ ...base, courseDueOn: '2026-03-31', absences })).toBe('2026-04-15');
  });

  it('says overdue from the day after, due soon within the reminder days', () => {
    expect(dueState('2026-03-31', '2026-03-31', 7)).toBe('due_soon');
    expect(dueState('2026-03-31', '2026-04-01', 7)).toBe('overdue');
    expect(dueState('2026-03-31', '2026-03-24', 7)).toBe('due_soon');
    expect(dueState('2026-03-31', '2026-03-23', 7)).toBe('due_later');
  });
});
