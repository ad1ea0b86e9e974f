import type { RouterInputs } from '@portal/api';
import { PORTFOLIO_PAGE_SIZE } from '../../lib/page-sizes.ts';

type TListInput = RouterInputs['insurer']['policies'];

/** What the portfolio shows: a search, the filters (`all` is no filter) and the order. */
export interface TPortfolioView {
  search: string;
  avv: 'all' | NonNullable<TListInput['avv']>;
  certificate: 'all' | NonNullable<TListInput['certificate']>;
  completion: 'all' | NonNullable<TListInput['completion']>;
  due: 'all' | NonNullable<TListInput['due']>;
  sort: NonNullable<TListInput['sort']>;
}

export const DEFAULT_PORTFOLIO_VIEW: TPortfolioView = {
  search: '',
  avv: 'all',
  certificate: 'all',
  completion: 'all',
  due: 'all',
  sort: 'policy',
};

/**
 * The list call's filter for a view (its input without the paging): an empty search, `all` and
 * the default order are left out, so the unfiltered view is the very query the route preloads.
 */
export type TPortfolioFilter = Omit<TListInput, 'limit' | 'cursor'>;

export function portfolioFilter(view: TPortfolioView): TPortfolioFilter {
  return {
    ...(view.search.trim() !== '' && { search: view.search.trim() }),
    ...(view.avv !== 'all' && { avv: view.avv }),
    ...(view.certificate !== 'all' && { certificate: view.certificate }),
    ...(view.completion !== 'all' && { completion: view.completion }),
    ...(view.due !== 'all' && { due: view.due }),
    ...(view.sort !== 'policy' && { sort: view.sort }),
  };
}

/** The list call's input for a view, as the route preloads it for the unfiltered one. */
export const portfolioInput = (view: TPortfolioView) => ({ limit: PORTFOLIO_PAGE_SIZE, ...portfolioFilter(view) });
