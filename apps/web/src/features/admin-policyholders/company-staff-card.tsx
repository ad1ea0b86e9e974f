import { useState } from 'react';
import { Pager } from '../../components/pager.tsx';
import { PeopleSearch } from '../../components/people-search.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const PAGE_SIZE = 25;
const ROLE_KEY = {
  employer: 'users.role_employer',
  manager: 'users.role_manager',
  employee: 'users.role_employee',
} as const;

/** The company's people with their progress, searched and paged on the server. */
export function CompanyStaffCard({ companyId }: { companyId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const staff = trpc.admin.companyStaff.useQuery(
    { companyId, search: term || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const pages = Math.max(1, Math.ceil((staff.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="card" aria-labelledby="staff-heading">
      <h2 id="staff-heading">{t('policyholders.staff_title')}</h2>
      <PeopleSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {staff.isPending && <p role="status">{t('app.loading')}</p>}
      {staff.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {staff.data?.items.length === 0 && (
        <p className="notice">{term ? t('users.no_results', { search: term }) : t('users.empty')}</p>
      )}
      {staff.data && staff.data.items.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('users.col_name')}</th>
                <th scope="col">{t('users.col_email')}</th>
                <th scope="col">{t('users.col_role')}</th>
                <th scope="col">{t('users.col_progress')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.items.map((person) => (
                <tr key={person.id}>
                  <td>
                    {person.lastname}, {person.firstname}
                    {person.locked && ` (${t('policyholders.status_blocked')})`}
                  </td>
                  <td className="cell-email">{person.email}</td>
                  <td>{t(ROLE_KEY[person.role])}</td>
                  <td>
                    {person.completedCourses} / {person.assignedCourses} ({person.progressPercent} %)
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} />}
    </section>
  );
}
