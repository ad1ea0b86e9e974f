/** Page sizes shared by route loaders (which prefetch page 1) and their pages. */
export const STAFF_PAGE_SIZE = 25;

/** The insurer's portfolio, per request (the route's preload and the page use one cache entry). */
export const PORTFOLIO_PAGE_SIZE = 50;
