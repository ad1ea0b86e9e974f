import type { TPolicyholder } from './use-all-policyholders.ts';

export interface TPolicyholderFilter {
  search: string;
  avv: 'all' | 'accepted' | 'open';
  status: 'all' | 'active' | 'blocked' | 'invited';
  progress: 'all' | 'none' | 'some' | 'done';
}
export type TPolicyholderSort = 'company' | 'insuranceNumber' | 'contact' | 'people' | 'progress' | 'registered';

/** Case and accent insensitive, so "muller" finds "Müller". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();

export function filterPolicyholders(rows: TPolicyholder[], filter: TPolicyholderFilter): TPolicyholder[] {
  const term = fold(filter.search.trim());
  return rows.filter((row) => {
    const holder = row.policyholder;
    if (filter.avv !== 'all' && (holder?.avvAccepted ?? false) !== (filter.avv === 'accepted')) return false;
    if (filter.status === 'blocked' && !row.locked) return false;
    if (filter.status === 'active' && (row.locked || row.status !== 'active')) return false;
    if (filter.status === 'invited' && row.status !== 'invited') return false;
    if (filter.progress === 'none' && row.progressPercent !== 0) return false;
    if (filter.progress === 'some' && (row.progressPercent === 0 || row.progressPercent === 100)) return false;
    if (filter.progress === 'done' && row.progressPercent !== 100) return false;
    if (!term) return true;
    const haystack = fold(
      [holder?.company.companyName, holder?.company.insuranceNumber, row.firstname, row.lastname, row.email].join(' '),
    );
    return haystack.includes(term);
  });
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
const keyOf: Record<TPolicyholderSort, (row: TPolicyholder) => string | number> = {
  company: (row) => row.policyholder?.company.companyName ?? '',
  insuranceNumber: (row) => row.policyholder?.company.insuranceNumber ?? '',
  contact: (row) => `${row.lastname} ${row.firstname}`,
  people: (row) => row.policyholder?.people ?? 0,
  progress: (row) => row.progressPercent,
  registered: (row) => row.createdAt,
};

export function sortPolicyholders(rows: TPolicyholder[], sort: TPolicyholderSort, direction: 'asc' | 'desc') {
  const key = keyOf[sort];
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order * sign || a.id.localeCompare(b.id);
  });
}
