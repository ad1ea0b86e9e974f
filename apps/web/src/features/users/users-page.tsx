import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { Pager } from '../../components/pager.tsx';
import { PeopleSearch } from '../../components/people-search.tsx';
import { useToast } from '../../components/toasts.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { STAFF_PAGE_SIZE } from '../../lib/page-sizes.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { HandoverCard } from '../company/handover-card.tsx';
import { ResetCard } from '../company/reset-card.tsx';
import { UploadCard } from '../company/upload-card.tsx';
import { useMe } from '../shell/use-me.ts';
import { AbsenceDialog } from './absence-dialog.tsx';
import { EditDialog } from './edit-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import type { TRowAction } from './row-actions.tsx';
import type { TStaffRow } from './staff-row.ts';
import { StaffTable, type TSortState } from './staff-table.tsx';

/** `/users`: the company's people, invitations and per-person actions (employers and managers). */
export default function UsersPage() {
  const t = useT();
  const toast = useToast();
  const me = useMe().data;
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TSortState>({ sort: 'lastname', direction: 'asc' });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<{ person: TStaffRow; action: TRowAction } | null>(null);
  const term = useDebounced(search.trim());
  const list = trpc.employee.list.useQuery(
    { search: term || undefined, page, pageSize: STAFF_PAGE_SIZE, ...sort },
    { placeholderData: (previous) => previous },
  );
  const toggleRole = trpc.employee.toggleRole.useMutation();
  const resetTraining = trpc.progress.resetUser.useMutation();
  const remove = trpc.company.deleteEmployee.useMutation();
  const endAbsence = trpc.absences.end.useMutation();
  // Suggestions for the team field; the teams call is the policyholder's (a manager types freely).
  const teams = trpc.phishing.teams.useQuery({}, { enabled: me?.role === 'employer', staleTime: 60_000 });
  const teamNames = teams.data?.map((team) => team.name) ?? [];

  if (!me?.companyId || (me.role !== 'employer' && me.role !== 'manager')) return null;
  const companyId = me.companyId;
  const viewerRole = me.role;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / STAFF_PAGE_SIZE));
  const refresh = async () => {
    // As on the course settings: a first fetch in flight is cancelled, not reused, after a change.
    await utils.employee.list.cancel();
    await Promise.all([
      utils.employee.list.invalidate(),
      utils.company.employees.invalidate(),
      utils.statistics.company.invalidate(),
    ]);
  };
  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
  const nameOf = (person: TStaffRow) => `${person.firstname} ${person.lastname}`;

  const onAction = async (person: TStaffRow, action: TRowAction) => {
    if (action === 'resend') {
      // A GET in the spec's call table for API clients; the web app sends the mutation as a POST,
      // which the CSRF rule covers (issue 21.4).
      try {
        await utils.client.employee.resendInvitation.mutate({ employeeId: person.id });
        toast.success(t('users.email_sent'));
      } catch (error) {
        toast.error(errorMessage(error) ?? t('users.email_not_sent'));
      }
      return;
    }
    if (action === 'toggle-role') {
      try {
        await toggleRole.mutateAsync({
          id: person.id,
          expectedRole: person.role === 'employee' ? 'manager' : 'employee',
        });
        toast.success(t('users.role_changed'));
        await refresh();
      } catch (error) {
        fail(error);
      }
      return;
    }
    if (action === 'end-absence') {
      try {
        await endAbsence.mutateAsync({ userId: person.id });
        toast.success(t('due_dates.absence_ended'));
        await refresh();
      } catch (error) {
        fail(error);
      }
      return;
    }
    setPending({ person, action });
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>{t('pages.employee_list')}</h1>
          <p className="muted">{t('users.intro')}</p>
        </div>
        <Button className="button button-primary" onPress={() => setInviting(true)}>
          {t('users.invite')}
        </Button>
      </div>
      <PeopleSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      {list.isPending && <p role="status">{t('app.loading')}</p>}
      {list.data && list.data.total === 0 && (
        <p className="notice">{term ? t('users.no_results', { search: term }) : t('users.empty')}</p>
      )}
      {list.data && list.data.total > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {t('users.total', { total: list.data.total })}
          </p>
          <StaffTable
            rows={list.data.items}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            viewerRole={viewerRole}
            onAction={(person, action) => void onAction(person, action)}
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}

      {viewerRole === 'employer' && (
        <div className="company-actions">
          <UploadCard />
          <HandoverCard companyId={companyId} myId={me.id} />
          <ResetCard companyId={companyId} />
        </div>
      )}

      <InviteDialog
        isOpen={inviting}
        onClose={() => setInviting(false)}
        canInviteManagers={viewerRole === 'employer'}
        teams={teamNames}
      />
      {pending?.action === 'edit' && (
        <EditDialog person={pending.person} companyId={companyId} teams={teamNames} onClose={() => setPending(null)} />
      )}
      {pending?.action === 'absence' && (
        <AbsenceDialog person={pending.person} onClose={() => setPending(null)} onSaved={refresh} />
      )}
      <TypedConfirmDialog
        isOpen={pending?.action === 'delete'}
        onClose={() => setPending(null)}
        word="DELETE"
        title={t('users.delete_title')}
        text={pending ? t('users.delete_confirm', { name: nameOf(pending.person) }) : ''}
        label={t('users.delete_label')}
        confirmLabel={t('users.delete')}
        isPending={remove.isPending}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await remove.mutateAsync({ companyId, id: pending.person.id });
            toast.success(t('users.deleted'));
            setPending(null);
            await refresh();
          } catch (error) {
            fail(error);
          }
        }}
      />
      <Modal
        isOpen={pending?.action === 'reset-training'}
        onClose={() => setPending(null)}
        header={t('users.reset_training')}
        footer={
          <>
            <Button className="button button-secondary" onPress={() => setPending(null)}>
              {t('app.cancel')}
            </Button>
            <Button
              className="button button-danger"
              isDisabled={resetTraining.isPending}
              onPress={async () => {
                if (!pending) return;
                try {
                  await resetTraining.mutateAsync({ id: pending.person.id });
                  toast.success(t('users.reset_training_done'));
                  setPending(null);
                  await refresh();
                } catch (error) {
                  fail(error);
                }
              }}
            >
              {t('users.reset_training')}
            </Button>
          </>
        }
      >
        <p>{pending ? t('users.reset_training_confirm', { name: nameOf(pending.person) }) : ''}</p>
      </Modal>
    </section>
  );
}
