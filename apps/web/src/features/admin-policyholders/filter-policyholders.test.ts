import { describe, expect, it } from 'vitest';
import { filterPolicyholders, sortPolicyholders } from './filter-policyholders.ts';
import type { TPolicyholder } from './use-all-policyholders.ts';

const row = (id: string, company: string, extra: Partial<TPolicyholder> = {}, avv = true): TPolicyholder => ({
  id,
  firstname: 'Eva',
  lastname: id,
  email: `${id}@example.com`,
  team: '',
  role: 'employer',
  status: 'active',
  locked: false,
  assignedCourses: 10,
  completedCourses: 5,
  progressPercent: 50,
  createdAt: `2026-0${id.length}-01T00:00:00.000Z`,
  policyholder: {
    company: {
      id: `c-${id}`,
      companyName: company,
      insuranceNumber: `AS-000000000${id.length}`,
      postCode: '',
      city: '',
    },
    avvAccepted: avv,
    avvAcceptedAt: null,
    people: id.length,
  },
  ...extra,
});

const rows = [
  row('a', 'Müller GmbH'),
  row('bb', 'Zeta AG', { locked: true, progressPercent: 0 }, false),
  row('ccc', 'Alpha KG', { progressPercent: 100 }),
];
const all = { search: '', avv: 'all', status: 'all', progress: 'all' } as const;

describe('filterPolicyholders', () => {
  it('searches company, names, email and insurance number, ignoring case and umlauts', () => {
    expect(filterPolicyholders(rows, { ...all, search: 'muller' }).map((r) => r.id)).toEqual(['a']);
    expect(filterPolicyholders(rows, { ...all, search: 'AS-0000000003' }).map((r) => r.id)).toEqual(['ccc']);
    expect(filterPolicyholders(rows, { ...all, search: 'bb@example' }).map((r) => r.id)).toEqual(['bb']);
  });
  it('filters by AVV, blocked state and progress', () => {
    expect(filterPolicyholders(rows, { ...all, avv: 'open' }).map((r) => r.id)).toEqual(['bb']);
    expect(filterPolicyholders(rows, { ...all, status: 'blocked' }).map((r) => r.id)).toEqual(['bb']);
    expect(filterPolicyholders(rows, { ...all, status: 'active' }).map((r) => r.id)).toEqual(['a', 'ccc']);
    expect(filterPolicyholders(rows, { ...all, progress: 'done' }).map((r) => r.id)).toEqual(['ccc']);
    expect(filterPolicyholders(rows, { ...all, progress: 'some' }).map((r) => r.id)).toEqual(['a']);
  });
});

describe('sortPolicyholders', () => {
  it('sorts by text with German collation and by numbers, both directions', () => {
    expect(sortPolicyholders(rows, 'company', 'asc').map((r) => r.id)).toEqual(['ccc', 'a', 'bb']);
    expect(sortPolicyholders(rows, 'progress', 'desc').map((r) => r.id)).toEqual(['ccc', 'a', 'bb']);
    expect(sortPolicyholders(rows, 'people', 'asc').map((r) => r.id)).toEqual(['a', 'bb', 'ccc']);
  });
});
