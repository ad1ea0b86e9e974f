import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import {
  AccountsTable,
  CreateAccountForm,
  DeleteAccountDialog,
  type TBackOfficeAccount,
} from '../admin-admins/back-office-accounts.tsx';

/**
 * `/admin/insurer-accounts`: the insurer's people who read the portfolio (ADR 035). Admins create
 * them with a first password and delete them (typed DELETE); they sign in at /admin/login with
 * two factors.
 */
export default function InsurerAccountsPage() {
  const t = useT();
  const utils = trpc.useUtils();
  const accounts = trpc.insurerAccounts.list.useQuery();
  const create = trpc.insurerAccounts.create.useMutation();
  const remove = trpc.insurerAccounts.delete.useMutation();
  const [deleting, setDeleting] = useState<TBackOfficeAccount | null>(null);

  return (
    <section className="page">
      <h1>{t('pages.insurer_accounts')}</h1>
      <p className="muted">{t('insurer_accounts.intro')}</p>
      <section className="card" aria-labelledby="insurer-accounts-heading">
        <h2 id="insurer-accounts-heading">{t('insurer_accounts.list_title')}</h2>
        {accounts.isPending && <p role="status">{t('app.loading')}</p>}
        {accounts.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {accounts.data?.length === 0 && <p className="notice">{t('insurer_accounts.empty')}</p>}
        {accounts.data && accounts.data.length > 0 && (
          <AccountsTable accounts={accounts.data} selfId={undefined} canDelete={() => true} onDelete={setDeleting} />
        )}
      </section>
      <CreateAccountForm
        id="create-insurer-account"
        title={t('insurer_accounts.create_title')}
        submitLabel={t('insurer_accounts.create_submit')}
        createdMessage={t('insurer_accounts.created')}
        isPending={create.isPending}
        create={async (input) => {
          await create.mutateAsync(input);
          await utils.insurerAccounts.list.invalidate();
        }}
      />
      <DeleteAccountDialog
        account={deleting}
        title={t('insurer_accounts.delete_title')}
        deletedMessage={t('insurer_accounts.deleted')}
        isPending={remove.isPending}
        remove={async (id) => {
          await remove.mutateAsync({ id });
          await utils.insurerAccounts.list.invalidate();
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
