import type { RouterOutputs } from '@portal/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';

export type TPolicyholder = RouterOutputs['employee']['list']['items'][number];

/** Spec §7/§9: the customer list loads 1000 policyholders per call until all are in. */
const PAGE = 1000;
export const POLICYHOLDERS_KEY = ['admin', 'policyholders', 'all'] as const;

/**
 * Every policyholder, loaded page by page with a progress figure, then kept in the query cache
 * for filtering and sorting in the browser (20,000 rows are a few MB and sort in milliseconds).
 */
export function useAllPolicyholders() {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const query = useQuery({
    queryKey: POLICYHOLDERS_KEY,
    staleTime: 30_000,
    queryFn: async () => {
      const { count } = await utils.client.employee.count.query({ role: 'employer' });
      setProgress({ loaded: 0, total: count });
      const rows: TPolicyholder[] = [];
      for (let page = 1; rows.length < count; page += 1) {
        const answer = await utils.client.employee.list.query({ role: 'employer', page, pageSize: PAGE });
        rows.push(...answer.items);
        setProgress({ loaded: rows.length, total: Math.max(count, answer.total) });
        if (answer.items.length < PAGE) break;
      }
      return rows;
    },
  });
  return { ...query, progress };
}
