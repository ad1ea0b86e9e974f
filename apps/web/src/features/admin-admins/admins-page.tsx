import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useMe } from '../shell/use-me.ts';
import {
  AccountsTable,
  CreateAccountForm,
  DeleteAccountDialog,
  type TBackOfficeAccount,
} from './back-office-accounts.tsx';

/** `/admin/admins`: the provider's admins; create and delete (typed DELETE), never oneself or the last. */
export default function AdminsPage() {
  const t = useT();
  const me = useMe();
  const utils = trpc.useUtils();
  const admins = trpc.appuser.list.useQuery();
  const create = trpc.employee.createAdmin.useMutation();
  const remove = trpc.appuser.delete.useMutation();
  const [deleting, setDeleting] = useState<TBackOfficeAccount | null>(null);
  const onlyOne = (admins.data?.length ?? 0) <= 1;

  return (
    <section className="page">
      <h1>{t('pages.admins')}</h1>
      <p className="muted">{t('admins.intro')}</p>
      <section className="card" aria-labelledby="admins-heading">
        <h2 id="admins-heading">{t('admins.list_title')}</h2>
        {admins.isPending && <p role="status">{t('app.loading')}</p>}
        {admins.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {admins.data && (
          <AccountsTable
            accounts={admins.data}
            selfId={me.data?.id}
            canDelete={(admin) => admin.id !== me.data?.id && !onlyOne}
            onDelete={setDeleting}
          />
        )}
      </section>
      <CreateAccountForm
        id="create-admin"
        title={t('admins.create_title')}
        submitLabel={t('admins.create_submit')}
        createdMessage={t('admins.created')}
        isPending={create.isPending}
        create={async (input) => {
          await create.mutateAsync(input);
          await utils.appuser.list.invalidate();
        }}
      />
      <DeleteAccountDialog
        account={deleting}
        title={t('admins.delete_title')}
        deletedMessage={t('admins.deleted')}
        isPending={remove.isPending}
        remove={async (id) => {
          await remove.mutateAsync({ id });
          await utils.appuser.list.invalidate();
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
