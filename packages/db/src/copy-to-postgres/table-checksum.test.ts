import { describe, expect, it } from 'vitest';
import { TableChecksum } from './table-checksum.ts';

const sum = (rows: Record<string, unknown>[]) => {
  const checksum = new TableChecksum();
  for (const row of rows) checksum.add(row);
  return checksum;
};

describe('TableChecksum', () => {
  const a = { id: 'a', at: new Date(1_700_000_000_123), active: true, note: null };
  const b = { id: 'b', at: new Date(1_700_000_000_124), active: false, note: 'x' };

  it('does not depend on the order of rows or of keys', () => {
    expect(sum([a, b]).digest).toBe(sum([b, a]).digest);
    expect(sum([{ note: null, active: true, at: a.at, id: 'a' }]).digest).toBe(sum([a]).digest);
  });

  it('changes with any value, a millisecond, a null or a flag', () => {
    const base = sum([a, b]).digest;
    expect(sum([a, { ...b, at: new Date(1_700_000_000_125) }]).digest).not.toBe(base);
    expect(sum([a, { ...b, note: null }]).digest).not.toBe(base);
    expect(sum([a, { ...b, active: true }]).digest).not.toBe(base);
    expect(sum([a, { ...b, note: 'X' }]).digest).not.toBe(base);
    // A number and its text are different values.
    expect(sum([{ n: 1 }]).digest).not.toBe(sum([{ n: '1' }]).digest);
  });

  it('counts a repeated row instead of letting two copies cancel out', () => {
    expect(sum([a, a]).digest).not.toBe(sum([]).digest);
    expect(sum([a, a, b]).digest).not.toBe(sum([b]).digest);
    expect(sum([a, a]).rows).toBe(2);
  });

  it('is 64 hex digits', () => {
    expect(sum([a]).digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sum([]).digest).toBe('0'.repeat(64));
  });
});
