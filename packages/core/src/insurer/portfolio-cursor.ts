/**
 * The portfolio's keyset cursor: the last row's policy number and company id, base64url-encoded
 * JSON. A new policyholder inserted while someone pages appears at its place in the order, so
 * paging misses nobody and shows nobody twice (ADR 035).
 */
export interface TPortfolioCursor {
  policyNumber: string;
  companyId: string;
}

export const encodePortfolioCursor = (cursor: TPortfolioCursor): string =>
  Buffer.from(JSON.stringify([cursor.policyNumber, cursor.companyId])).toString('base64url');

/** Null for anything that is not a cursor this code made (the caller answers 400). */
export function decodePortfolioCursor(value: string): TPortfolioCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [policyNumber, companyId] = parsed as unknown[];
    if (typeof policyNumber !== 'string' || typeof companyId !== 'string') return null;
    if (policyNumber.length > 20 || companyId.length > 64) return null;
    return { policyNumber, companyId };
  } catch {
    return null;
  }
}
