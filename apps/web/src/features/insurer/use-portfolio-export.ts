import { useState } from 'react';
import { saveBlob } from '../../lib/download-file.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpcClient } from '../../lib/trpc.ts';
import { portfolioCsv } from './portfolio-csv.ts';
import type { TPortfolioFilter } from './portfolio-query.ts';
import type { TPortfolioRow } from './portfolio-table.tsx';

/** Rows per request while exporting: the list call's largest page. */
const EXPORT_PAGE = 200;

/**
 * The CSV export of the filtered portfolio: every page of the list call, one after the other
 * (keyset paging, so policies added meanwhile are neither missed nor doubled), with the number of
 * rows loaded so far for the progress line, then one file.
 */
export function usePortfolioExport(filter: TPortfolioFilter) {
  const t = useT();
  const [loaded, setLoaded] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const start = async () => {
    setFailed(false);
    setLoaded(0);
    try {
      const rows: TPortfolioRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await trpcClient.insurer.policies.query({ ...filter, limit: EXPORT_PAGE, cursor });
        rows.push(...page.items);
        setLoaded(rows.length);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(new Blob([portfolioCsv(rows, t)], { type: 'text/csv;charset=utf-8' }), t('insurer.csv_file', { day }));
    } catch {
      setFailed(true);
    } finally {
      setLoaded(null);
    }
  };
  return { start, loaded, running: loaded !== null, failed };
}
