import { TRPCClientError } from '@trpc/client';
import { data, isRouteErrorResponse } from 'react-router';

/**
 * Why a route could not show its page. The route error page (features/shell) says it in plain
 * words and offers a way on; loaders throw the specific ones with `routeProblem`, everything else
 * is read from the error by `problemOf`.
 */
export type TRouteProblem =
  | { kind: 'page_not_found' }
  | { kind: 'course_not_found' }
  | { kind: 'course_not_assigned' }
  | { kind: 'slide_not_found'; slug: string; slide: string; count: number }
  | { kind: 'record_not_found' }
  | { kind: 'load_failed' }
  | { kind: 'unexpected' };

/** For loaders: stop the route with this problem (a 404 the error page explains). */
export const routeProblem = (problem: TRouteProblem) => data(problem, { status: 404 });

const isProblem = (value: unknown): value is TRouteProblem =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

/** The tRPC error code of a failed call, or null when no answer came (network, server down). */
export const trpcCodeOf = (error: unknown): string | null =>
  error instanceof TRPCClientError ? ((error.data as { code?: string } | undefined)?.code ?? null) : null;

/** The failure of a browser `fetch` or of a lazy module: the server or the network is not there. */
const isLoadFailure = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof TRPCClientError && (trpcCodeOf(error) === null || trpcCodeOf(error) === 'INTERNAL_SERVER_ERROR'));

/** A lazy page module that did not arrive: only a new page load fetches it again. */
export const isModuleLoadFailure = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message);

/** What went wrong, from whatever a loader or a page threw. */
export function problemOf(error: unknown): TRouteProblem {
  if (isRouteErrorResponse(error)) {
    if (isProblem(error.data)) return error.data;
    return error.status === 404 ? { kind: 'page_not_found' } : { kind: 'load_failed' };
  }
  // A loader's input comes from the address: refused as malformed or not found, the address
  // names something that is not there.
  const code = trpcCodeOf(error);
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return { kind: 'record_not_found' };
  if (isLoadFailure(error)) return { kind: 'load_failed' };
  return { kind: 'unexpected' };
}
