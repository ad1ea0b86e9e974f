/**
 * The portfolio's keyset cursor: the sort it belongs to, and the last row's sort value, policy
 * number and company id, base64url-encoded JSON. A policyholder inserted while someone pages
 * appears at its place in the order, so paging misses nobody and shows nobody twice (ADR 035).
 */
export const PORTFOLIO_SORTS = ['policy', 'completion_asc', 'completion_desc', 'overdue_desc'] as const;
export type TPortfolioSort = (typeof PORTFOLIO_SORTS)[number];

export interface TPortfolioCursor {
  sort: TPortfolioSort;
  /** The sort key's value of the last row (null for the policy-number order). */
  value: number | null;
  policyNumber: string;
  companyId: string;
}

export const encodePortfolioCursor = (cursor: TPortfolioCursor): string =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.policyNumber, cursor.companyId])).toString('base64url');

const isSort = (value: unknown): value is TPortfolioSort => PORTFOLIO_SORTS.includes(value as TPortfolioSort);

/** Null for anything that is not a cursor this code made for this sort (the caller answers 400). */
export function decodePortfolioCursor(value: string, sort: TPortfolioSort): TPortfolioCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [cursorSort, sortValue, policyNumber, companyId] = parsed as unknown[];
    if (!isSort(cursorSort) || cursorSort !== sort) return null;
    if (sort === 'policy' ? sortValue !== null : !Number.isSafeInteger(sortValue)) return null;
    if (typeof policyNumber !== 'string' || typeof companyId !== 'string') return null;
    if (policyNumber.length > 20 || companyId.length > 64) return null;
    return { sort, value: sortValue as number | null, policyNumber, companyId };
  } catch {
    return null;
  }
}
