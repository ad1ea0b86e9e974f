import { describe, expect, it } from 'vitest';
import { lastValidDay } from './api-key-row.ts';

describe('lastValidDay', () => {
  it('shows the day a key was created to work through, not the instant it expires', () => {
    // Valid through 01.12.2026: expires at midnight of 02.12.2026 in Germany (CET, UTC+1).
    expect(lastValidDay('2026-12-01T23:00:00.000Z')).toBe('01.12.2026');
    // Summer time (CEST, UTC+2).
    expect(lastValidDay('2026-06-30T22:00:00.000Z')).toBe('30.06.2026');
    // The last day of a year.
    expect(lastValidDay('2026-12-31T23:00:00.000Z')).toBe('31.12.2026');
  });
});
