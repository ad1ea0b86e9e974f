import { useQuery } from '@tanstack/react-query';
import type { TMe } from '../../lib/guards.ts';
import { trpcClient } from '../../lib/trpc.ts';

/** The supervisor lookup of a manager or employee, for the hook and for the server's drawing. */
export const supervisorQuery = (me: TMe | null) => ({
  queryKey: ['supervisor-data', me?.id],
  enabled: me !== null && (me.role === 'manager' || me.role === 'employee'),
  retry: false,
  staleTime: 60_000,
  queryFn: async () => {
    try {
      return await trpcClient.employee.supervisorData.mutate({ id: me?.id ?? '' });
    } catch (error) {
      // Spec §8: a failed lookup blocks, and is logged: one line, since on the server it runs for
      // every page drawn for such a person (the error's stack said nothing the message does not).
      console.warn(`supervisor lookup failed: ${error instanceof Error ? error.message : String(error)}`);
      return { hasOrderProcessing: false };
    }
  },
});

/**
 * Spec §4 isActionsBlocked: employers until they accept the AVV; managers and employees while
 * their supervisor has not (`supervisor-data` → hasOrderProcessing), or when that lookup fails.
 * The server refuses the blocked calls as well; this only shapes the screen. 'checking' while the
 * supervisor lookup of a manager or employee is on its way.
 */
export function useActionsBlocked(me: TMe | null): boolean | 'checking' {
  const supervisor = useQuery(supervisorQuery(me));
  if (!me || me.role === 'admin' || me.role === 'insurer') return false;
  if (me.role === 'employer') return !me.orderProcessingAccepted;
  // Until the answer is in, the page waits: it must neither flash the overlay nor call blocked APIs.
  if (supervisor.isPending) return 'checking';
  return !supervisor.data?.hasOrderProcessing;
}
