import { useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { DEFAULT_PORTFOLIO_VIEW, portfolioFilter, portfolioInput, type TPortfolioView } from './portfolio-query.ts';
import { PortfolioTable } from './portfolio-table.tsx';
import { usePortfolioExport } from './use-portfolio-export.ts';

/**
 * `/insurer`: the insurer's portfolio (issue 23, ADR 035). Every policyholder by policy number with
 * the company's training status; a search by policy number or company name, filters by AVV, proof
 * of insurance, completion and overdue learners, four orders; more rows on request, continued from the last one (keyset paging), so rows
 * added meanwhile are neither missed nor repeated; the filtered list as a CSV file.
 */
export default function PortfolioPage() {
  const t = useT();
  const [view, setView] = useState<TPortfolioView>(DEFAULT_PORTFOLIO_VIEW);
  const search = useDebounced(view.search.trim());
  const settled = { ...view, search };
  const list = trpc.insurer.policies.useInfiniteQuery(portfolioInput(settled), {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
  });
  const exporter = usePortfolioExport(portfolioFilter(settled));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = view.avv !== 'all' || view.certificate !== 'all' || view.completion !== 'all' || view.due !== 'all';

  return (
    <section className="page">
      <h1>{t('pages.portfolio')}</h1>
      <p className="muted">{t('insurer.intro')}</p>
      <div className="filters">
        <SearchField
          className="field search-field"
          value={view.search}
          onChange={(value) => setView({ ...view, search: value })}
        >
          <Label>{t('insurer.search')}</Label>
          <Input className="input" placeholder="AS-…" />
        </SearchField>
        <FilterSelect
          label={t('insurer.col_avv')}
          value={view.avv}
          onChange={(avv) => setView({ ...view, avv })}
          options={[
            { value: 'all', label: t('insurer.all') },
            { value: 'accepted', label: t('insurer.filter_avv_accepted') },
            { value: 'open', label: t('insurer.avv_open') },
          ]}
        />
        <FilterSelect
          label={t('insurer.col_certificate')}
          value={view.certificate}
          onChange={(certificate) => setView({ ...view, certificate })}
          options={[
            { value: 'all', label: t('insurer.all') },
            { value: 'valid', label: t('insurer.certificate_state_valid') },
            { value: 'expired', label: t('insurer.certificate_state_expired') },
            { value: 'none', label: t('insurer.certificate_state_none') },
          ]}
        />
        <FilterSelect
          label={t('insurer.filter_completion')}
          value={view.completion}
          onChange={(completion) => setView({ ...view, completion })}
          options={[
            { value: 'all', label: t('insurer.all') },
            { value: 'none', label: t('insurer.completion_none') },
            { value: 'partial', label: t('insurer.completion_partial') },
            { value: 'complete', label: t('insurer.completion_complete') },
          ]}
        />
        <FilterSelect
          label={t('insurer.filter_due')}
          value={view.due}
          onChange={(due) => setView({ ...view, due })}
          options={[
            { value: 'all', label: t('insurer.all') },
            { value: 'overdue', label: t('insurer.filter_due_overdue') },
          ]}
        />
        <FilterSelect
          label={t('insurer.sort')}
          value={view.sort}
          onChange={(sort) => setView({ ...view, sort })}
          options={[
            { value: 'policy', label: t('insurer.sort_policy') },
            { value: 'completion_asc', label: t('insurer.sort_completion_asc') },
            { value: 'completion_desc', label: t('insurer.sort_completion_desc') },
            { value: 'overdue_desc', label: t('insurer.sort_overdue_desc') },
          ]}
        />
      </div>
      {list.isPending && <p role="status">{t('app.loading')}</p>}
      {list.isError && (
        <p role="alert" className="notice notice-error">
          {errorMessage(list.error) ?? t('app.something_went_wrong')}
        </p>
      )}
      {list.isSuccess && rows.length === 0 && (
        <p className="notice">
          {selected
            ? t('insurer.empty_filter')
            : search !== ''
              ? t('insurer.empty_search', { search })
              : t('insurer.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <div className="button-row">
            <p className="muted" aria-live="polite">
              {t('insurer.shown', { count: rows.length })}
            </p>
            <Button className="button" isPending={exporter.running} onPress={() => void exporter.start()}>
              {t('insurer.export_csv')}
            </Button>
          </div>
          <p role="status" className="muted">
            {exporter.running ? t('insurer.export_progress', { count: exporter.loaded ?? 0 }) : ''}
          </p>
          {exporter.failed && (
            <p role="alert" className="notice notice-error">
              {t('insurer.export_failed')}
            </p>
          )}
          <PortfolioTable rows={rows} />
          {list.hasNextPage && (
            <Button className="button" isPending={list.isFetchingNextPage} onPress={() => void list.fetchNextPage()}>
              {t('insurer.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
