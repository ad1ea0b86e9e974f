import type { TMessageKey } from '@portal/i18n';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Pager } from '../../components/pager.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import {
  filterPolicyholders,
  sortPolicyholders,
  type TPolicyholderFilter,
  type TPolicyholderSort,
} from './filter-policyholders.ts';
import { PhishingApprovalsCard } from './phishing-approvals-card.tsx';
import { useAllPolicyholders } from './use-all-policyholders.ts';

const PAGE_SIZE = 50;
const COLUMNS: { sort: TPolicyholderSort; label: TMessageKey }[] = [
  { sort: 'company', label: 'policyholders.col_company' },
  { sort: 'insuranceNumber', label: 'policyholders.col_insurance_number' },
  { sort: 'contact', label: 'policyholders.col_contact' },
  { sort: 'people', label: 'policyholders.col_people' },
  { sort: 'progress', label: 'policyholders.col_progress' },
  { sort: 'registered', label: 'policyholders.col_registered' },
];

/**
 * `/admin/policyholders`: every customer, loaded 1000 at a time (spec §7), then searched,
 * filtered, sorted and paged in the browser.
 */
export default function PolicyholdersPage() {
  const t = useT();
  const all = useAllPolicyholders();
  const [filter, setFilter] = useState<TPolicyholderFilter>({ search: '', avv: 'all', status: 'all', progress: 'all' });
  const [sort, setSort] = useState<{ sort: TPolicyholderSort; direction: 'asc' | 'desc' }>({
    sort: 'registered',
    direction: 'desc',
  });
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(filter);
  const shown = useMemo(
    () => sortPolicyholders(filterPolicyholders(all.data ?? [], deferred), sort.sort, sort.direction),
    [all.data, deferred, sort],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const change = (patch: Partial<TPolicyholderFilter>) => {
    setFilter((previous) => ({ ...previous, ...patch }));
    setPage(1);
  };

  return (
    <section className="page">
      <h1>{t('pages.policyholders')}</h1>
      <p className="muted">{t('policyholders.intro')}</p>
      <PhishingApprovalsCard />
      {all.isPending && (
        <div role="status" className="card">
          <p>{t('policyholders.loading_progress', { loaded: all.progress.loaded, total: all.progress.total })}</p>
          <progress
            className="certificate-progress"
            max={Math.max(1, all.progress.total)}
            value={all.progress.loaded}
            aria-label={t('policyholders.loading_progress', { loaded: all.progress.loaded, total: all.progress.total })}
          />
        </div>
      )}
      {all.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {all.data && (
        <>
          <div className="filters">
            <label className="field search-field">
              <span>{t('policyholders.search')}</span>
              <input
                className="input"
                type="search"
                value={filter.search}
                onChange={(event) => change({ search: event.target.value })}
              />
            </label>
            <FilterSelect
              label={t('policyholders.filter_avv')}
              value={filter.avv}
              onChange={(avv) => change({ avv })}
              options={[
                { value: 'all', label: t('policyholders.all') },
                { value: 'accepted', label: t('policyholders.avv_accepted') },
                { value: 'open', label: t('policyholders.avv_open') },
              ]}
            />
            <FilterSelect
              label={t('policyholders.filter_status')}
              value={filter.status}
              onChange={(status) => change({ status })}
              options={[
                { value: 'all', label: t('policyholders.all') },
                { value: 'active', label: t('policyholders.status_active') },
                { value: 'blocked', label: t('policyholders.status_blocked') },
                { value: 'invited', label: t('policyholders.status_invited') },
              ]}
            />
            <FilterSelect
              label={t('policyholders.filter_progress')}
              value={filter.progress}
              onChange={(progress) => change({ progress })}
              options={[
                { value: 'all', label: t('policyholders.all') },
                { value: 'none', label: t('policyholders.progress_none') },
                { value: 'some', label: t('policyholders.progress_some') },
                { value: 'done', label: t('policyholders.progress_done') },
              ]}
            />
          </div>
          <p aria-live="polite">{t('policyholders.count', { shown: shown.length, total: all.data.length })}</p>
          {shown.length === 0 ? (
            <p className="notice">{t('policyholders.empty')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    {COLUMNS.map((column) => (
                      <SortHeader
                        key={column.sort}
                        column={column.sort}
                        label={t(column.label)}
                        sort={sort}
                        onSort={setSort}
                      />
                    ))}
                    <th scope="col">{t('policyholders.col_avv')}</th>
                    <th scope="col">{t('policyholders.col_status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((row) => (
                    <tr key={row.id}>
                      <td>
                        <Link to={`/admin/policyholders/${row.id}`}>{row.policyholder?.company.companyName}</Link>
                      </td>
                      <td>{row.policyholder?.company.insuranceNumber || '–'}</td>
                      <td>
                        {row.firstname} {row.lastname}
                        <br />
                        <span className="cell-email">{row.email}</span>
                      </td>
                      <td>{row.policyholder?.people ?? 0}</td>
                      <td>{row.progressPercent} %</td>
                      <td>{formatDate(row.createdAt)}</td>
                      <td>
                        {row.policyholder?.avvAccepted ? t('policyholders.avv_accepted') : t('policyholders.avv_open')}
                      </td>
                      <td>
                        {row.locked
                          ? t('policyholders.status_blocked')
                          : row.status === 'active'
                            ? t('policyholders.status_active')
                            : t('policyholders.status_invited')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && <Pager page={current} pages={pages} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
