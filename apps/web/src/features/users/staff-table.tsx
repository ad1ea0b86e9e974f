import type { TMessageKey } from '@portal/i18n';
import { berlinDay, formatDay } from '@portal/validators';
import { SortHeader, type TSortState as TGenericSortState } from '../../components/sort-header.tsx';
import { useT } from '../../lib/i18n.tsx';
import { RowActions, type TRowAction } from './row-actions.tsx';
import type { TStaffRow, TStaffSort } from './staff-row.ts';

const COLUMNS: { sort: TStaffSort; label: TMessageKey }[] = [
  { sort: 'lastname', label: 'users.col_name' },
  { sort: 'email', label: 'users.col_email' },
  { sort: 'team', label: 'users.col_team' },
  { sort: 'role', label: 'users.col_role' },
  { sort: 'status', label: 'users.col_status' },
  { sort: 'progress', label: 'users.col_progress' },
];

const ROLE_KEY = {
  employer: 'users.role_employer',
  manager: 'users.role_manager',
  employee: 'users.role_employee',
} as const;

export type TSortState = TGenericSortState<TStaffSort>;

/** "Abwesend bis 31.05.2026", or for one still to come "Abwesend 01.06.–30.06.2026" (issue 22). */
function AbsenceBadge({ absence }: { absence: { startsOn: string; endsOn: string } }) {
  const t = useT();
  const current = absence.startsOn <= berlinDay(new Date());
  const sameYear = absence.startsOn.slice(0, 4) === absence.endsOn.slice(0, 4);
  const from = sameYear ? formatDay(absence.startsOn).slice(0, 6) : formatDay(absence.startsOn);
  return (
    <span className="status status-absent">
      {current
        ? t('due_dates.absent_until', { date: formatDay(absence.endsOn) })
        : t('due_dates.absent_between', { from, to: formatDay(absence.endsOn) })}
    </span>
  );
}

/** A plain table with sort buttons in the headers (aria-sort tells screen readers the order). */
export function StaffTable({
  rows,
  sort,
  onSort,
  viewerRole,
  onAction,
}: {
  rows: TStaffRow[];
  sort: TSortState;
  onSort: (sort: TSortState) => void;
  viewerRole: 'employer' | 'manager';
  onAction: (person: TStaffRow, action: TRowAction) => void;
}) {
  const t = useT();
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.sort} column={column.sort} label={t(column.label)} sort={sort} onSort={onSort} />
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('users.col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((person) => (
            <tr key={person.id}>
              <td>
                {person.lastname}, {person.firstname}
              </td>
              <td className="cell-email">{person.email}</td>
              <td>{person.team || '–'}</td>
              <td>{t(ROLE_KEY[person.role])}</td>
              <td>
                <div className="status-badges">
                  <span className={`status status-${person.locked ? 'locked' : person.status}`}>
                    {person.locked
                      ? t('users.status_locked')
                      : person.status === 'active'
                        ? t('users.status_active')
                        : t('users.status_invited')}
                  </span>
                  {person.absence && <AbsenceBadge absence={person.absence} />}
                </div>
              </td>
              <td>
                {person.assignedCourses === 0
                  ? '–'
                  : t('users.progress_value', { completed: person.completedCourses, assigned: person.assignedCourses })}
              </td>
              <td className="cell-actions">
                <RowActions person={person} viewerRole={viewerRole} onAction={(action) => onAction(person, action)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
