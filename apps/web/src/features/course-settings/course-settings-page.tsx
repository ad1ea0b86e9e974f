import type { RouterOutputs } from '@portal/api';
import { formatDay } from '@portal/validators';
import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { Pager } from '../../components/pager.tsx';
import { PeopleSearch } from '../../components/people-search.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { STAFF_PAGE_SIZE } from '../../lib/page-sizes.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useMe } from '../shell/use-me.ts';
import { DefaultDueForm } from './default-due-form.tsx';
import { DueDateDialog } from './due-date-dialog.tsx';
import { ReminderLadderForm } from './reminder-ladder-form.tsx';

type TOverview = RouterOutputs['trainings']['overview'];
type TCourse = TOverview['courses'][number];

const STATUS_GLYPH = { assigned: '', started: '◐', completed: '✓' } as const;

/** `/course-settings`: courses with their counts, and a people × courses assignment matrix. */
export default function CourseSettingsPage() {
  const { t, locale } = useI18n();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<TCourse | null>(null);
  const [dueFor, setDueFor] = useState<TCourse | null>(null);
  const isEmployer = useMe().data?.role === 'employer';
  const term = useDebounced(search.trim());
  const input = { lang: locale, search: term || undefined, page, pageSize: STAFF_PAGE_SIZE };
  const overview = trpc.trainings.overview.useQuery(input, { placeholderData: (previous) => previous });
  const settings = trpc.reminders.settings.useQuery();
  const assign = trpc.trainings.assign.useMutation();
  const revoke = trpc.trainings.revoke.useMutation();
  const assignAll = trpc.trainings.assignToAll.useMutation();
  const revokeAll = trpc.trainings.revokeForAll.useMutation();

  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
  const refresh = async () => {
    // A first fetch still in flight (a new search, no data yet) is not restarted by invalidate(),
    // and it may have read the counts before this change committed: cancel it, then refetch.
    await utils.trainings.overview.cancel();
    await Promise.all([
      utils.trainings.overview.invalidate(),
      utils.employee.list.invalidate(),
      utils.company.employees.invalidate(),
    ]);
  };
  const toggle = async (trainingSlug: string, ownerId: string, on: boolean) => {
    try {
      await (on ? assign : revoke).mutateAsync({ trainingSlug, ownerId });
      await refresh();
    } catch (error) {
      fail(error);
    }
  };

  if (overview.isPending || settings.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!overview.data) return null;
  const { courses, people, total, dueDates } = overview.data;
  const defaultDueDays = settings.data?.defaultDueDays ?? null;
  const dueText = (slug: string) => {
    const dueOn = dueDates[slug];
    if (dueOn) return formatDay(dueOn);
    return defaultDueDays === null ? t('due_dates.no_due') : t('due_dates.due_within', { days: defaultDueDays });
  };
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));

  return (
    <section className="page">
      <h1>{t('pages.course_settings')}</h1>
      <p className="muted">{t('course_settings.intro')}</p>

      <h2>{t('course_settings.courses_heading')}</h2>
      <div className="table-scroll">
        <table className="table course-table">
          <thead>
            <tr>
              <th scope="col">{t('course_settings.col_number')}</th>
              <th scope="col">{t('course_settings.col_course')}</th>
              <th scope="col">{t('course_settings.col_assigned')}</th>
              <th scope="col">{t('course_settings.col_started')}</th>
              <th scope="col">{t('course_settings.col_completed')}</th>
              <th scope="col">{t('due_dates.col_due')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('users.col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {courses.map((course, index) => (
              <tr key={course.slug}>
                <td>{index + 1}</td>
                <th scope="row" className="cell-course">
                  {course.title}
                </th>
                <td>{course.assigned}</td>
                <td>{course.started}</td>
                <td>{course.completed}</td>
                <td>
                  <div className="cell-due">
                    <span className={dueDates[course.slug] ? undefined : 'muted'}>{dueText(course.slug)}</span>
                    <Button
                      className="button button-ghost button-small"
                      aria-label={t('due_dates.set_due_for', { course: course.title })}
                      onPress={() => setDueFor(course)}
                    >
                      {t('due_dates.set_due')}
                    </Button>
                  </div>
                </td>
                <td className="cell-buttons">
                  <Button
                    className="button button-secondary button-small"
                    aria-label={t('course_settings.assign_all_for', { course: course.title })}
                    isDisabled={assignAll.isPending || total === 0}
                    onPress={async () => {
                      try {
                        await assignAll.mutateAsync({ trainingSlug: course.slug });
                        toast.success(t('course_settings.assigned_to_all'));
                        await refresh();
                      } catch (error) {
                        fail(error);
                      }
                    }}
                  >
                    {t('course_settings.assign_all')}
                  </Button>
                  <Button
                    className="button button-ghost button-small"
                    aria-label={t('course_settings.revoke_all_for', { course: course.title })}
                    isDisabled={course.assigned === 0}
                    onPress={() => setRevoking(course)}
                  >
                    {t('course_settings.revoke_all')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {settings.data && <DefaultDueForm defaultDueDays={defaultDueDays} canEdit={isEmployer} />}
      {settings.data && <ReminderLadderForm settings={settings.data} canEdit={isEmployer} />}

      <h2>{t('course_settings.matrix_heading')}</h2>
      <p className="muted">{t('course_settings.matrix_hint')}</p>
      <p className="legend">
        <span className="visually-hidden">{t('course_settings.legend')}: </span>
        {t('course_settings.legend_completed')} · {t('course_settings.legend_started')}
      </p>
      <PeopleSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {total === 0 ? (
        <p className="notice">{term ? t('users.no_results', { search: term }) : t('course_settings.empty')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table matrix">
              <thead>
                <tr>
                  <th scope="col">{t('course_settings.col_person')}</th>
                  {courses.map((course, index) => (
                    <th key={course.slug} scope="col" className="matrix-head">
                      <abbr title={course.title}>{index + 1}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {people.map((person) => {
                  const name = `${person.firstname} ${person.lastname}`;
                  return (
                    <tr key={person.id}>
                      <th scope="row">
                        {person.lastname}, {person.firstname}
                      </th>
                      {courses.map((course) => {
                        const status = person.courses[course.slug];
                        return (
                          <td key={course.slug} className="matrix-cell">
                            <Checkbox
                              className="checkbox matrix-checkbox"
                              aria-label={t('course_settings.cell_label', { course: course.title, name })}
                              isSelected={status !== undefined}
                              onChange={(on) => void toggle(course.slug, person.id, on)}
                            >
                              {({ isSelected }) => (
                                <span className="checkbox-box" aria-hidden="true">
                                  {isSelected && '✓'}
                                </span>
                              )}
                            </Checkbox>
                            {status && status !== 'assigned' && (
                              <span className={`cell-status status-${status}`}>
                                <span aria-hidden="true">{STATUS_GLYPH[status]}</span>
                                <span className="visually-hidden">
                                  {t(status === 'completed' ? 'training.status_completed' : 'training.status_started')}
                                </span>
                              </span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}

      {dueFor && (
        <DueDateDialog
          course={dueFor}
          dueOn={dueDates[dueFor.slug] ?? null}
          onClose={() => setDueFor(null)}
          onSaved={async () => {
            await refresh();
            await utils.statistics.company.invalidate();
          }}
        />
      )}
      <Modal
        isOpen={revoking !== null}
        onClose={() => setRevoking(null)}
        header={revoking ? t('course_settings.revoke_all_for', { course: revoking.title }) : ''}
        footer={
          <>
            <Button className="button button-secondary" onPress={() => setRevoking(null)}>
              {t('app.cancel')}
            </Button>
            <Button
              className="button button-danger"
              isDisabled={revokeAll.isPending}
              onPress={async () => {
                if (!revoking) return;
                try {
                  await revokeAll.mutateAsync({ trainingSlug: revoking.slug });
                  toast.success(t('course_settings.revoked_for_all'));
                  setRevoking(null);
                  await refresh();
                } catch (error) {
                  fail(error);
                }
              }}
            >
              {t('course_settings.revoke_all')}
            </Button>
          </>
        }
      >
        <p>{revoking ? t('course_settings.revoke_all_confirm', { course: revoking.title }) : ''}</p>
      </Modal>
    </section>
  );
}
