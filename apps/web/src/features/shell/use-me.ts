import { trpc } from '../../lib/trpc.ts';

/** The signed-in person (or null); preloaded by the route guards, so usually instant. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 30_000 });
}
