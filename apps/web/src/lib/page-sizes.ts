/** Page sizes shared by route loaders (which prefetch page 1) and their pages. */
export const STAFF_PAGE_SIZE = 25;
