import { PORTFOLIO_PAGE_SIZE } from '../../lib/page-sizes.ts';

/** What the portfolio shows: a search and the two filters (`all` is no filter). */
export interface TPortfolioView {
  search: string;
  avv: 'all' | 'accepted' | 'open';
  certificate: 'all' | 'valid' | 'expired' | 'none';
}

/** The list call's filter for a view: an empty search and `all` are left out. */
export type TPortfolioFilter = {
  search?: string;
  avv?: 'accepted' | 'open';
  certificate?: 'valid' | 'expired' | 'none';
};

export function portfolioFilter(view: TPortfolioView): TPortfolioFilter {
  return {
    ...(view.search.trim() !== '' && { search: view.search.trim() }),
    ...(view.avv !== 'all' && { avv: view.avv }),
    ...(view.certificate !== 'all' && { certificate: view.certificate }),
  };
}

/** The list call's input for a view, as the route preloads it for the unfiltered one. */
export const portfolioInput = (view: TPortfolioView) => ({ limit: PORTFOLIO_PAGE_SIZE, ...portfolioFilter(view) });
