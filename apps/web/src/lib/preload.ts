import { trpcCodeOf } from './route-problem.ts';

/**
 * For route loaders: waits for a page's data, so the page renders complete (spec §2 "data is
 * preloaded before entering each route"). A refusal because actions are blocked (403 while the
 * AVV is not accepted) is not the route's failure: the shell shows its overlay instead of the
 * page. Any other failure (unknown id, server or network down) goes to the route's error page.
 */
export async function preload(load: Promise<unknown>): Promise<void> {
  try {
    await load;
  } catch (error) {
    if (trpcCodeOf(error) !== 'FORBIDDEN') throw error;
  }
}
