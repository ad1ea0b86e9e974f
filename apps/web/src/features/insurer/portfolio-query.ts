import type { RouterInputs } from '@portal/api';
import { PORTFOLIO_PAGE_SIZE } from '../../lib/page-sizes.ts';

/** What the portfolio shows: a search and the two filters (`all` is no filter). */
export interface TPortfolioView {
  search: string;
  avv: 'all' | 'accepted' | 'open';
  certificate: 'all' | 'valid' | 'expired' | 'none';
}

/** The list call's filter for a view (its input without the paging): an empty search and `all` are left out. */
export type TPortfolioFilter = Omit<RouterInputs['insurer']['policies'], 'limit' | 'cursor'>;

export function portfolioFilter(view: TPortfolioView): TPortfolioFilter {
  return {
    ...(view.search.trim() !== '' && { search: view.search.trim() }),
    ...(view.avv !== 'all' && { avv: view.avv }),
    ...(view.certificate !== 'all' && { certificate: view.certificate }),
  };
}

/** The list call's input for a view, as the route preloads it for the unfiltered one. */
export const portfolioInput = (view: TPortfolioView) => ({ limit: PORTFOLIO_PAGE_SIZE, ...portfolioFilter(view) });
