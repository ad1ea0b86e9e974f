import type { RouterOutputs } from '@portal/api';
import { ZEmail, ZName, ZNewPasswordForm } from '@portal/validators';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { TextInput } from '../../components/form-fields.tsx';
import { usePasswordScore, useStrongEnoughCheck } from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';

/** An admin or an insurer account (ADR 035): the same list and the same form on both pages. */
export type TBackOfficeAccount = RouterOutputs['appuser']['list'][number];
export type TNewAccount = { firstname: string; lastname: string; email: string; password: string };

const ZAccountForm = z.object({ firstname: ZName, lastname: ZName, email: ZEmail }).and(ZNewPasswordForm);
const EMPTY = { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' };

/** A new account with a password the admin chooses; the authenticator is set up at its first sign-in. */
export function CreateAccountForm({
  id,
  title,
  submitLabel,
  createdMessage,
  isPending,
  create,
}: {
  id: string;
  title: string;
  submitLabel: string;
  createdMessage: string;
  isPending: boolean;
  create: (input: TNewAccount) => Promise<unknown>;
}) {
  const t = useT();
  const toast = useToast();
  const form = useZodForm(ZAccountForm, EMPTY);
  const score = usePasswordScore(form.values.password, [
    form.values.firstname,
    form.values.lastname,
    form.values.email,
  ]);
  const strongEnough = useStrongEnoughCheck();
  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid || !strongEnough(score)) return;
    try {
      const { confirmPassword: _confirm, ...input } = form.values;
      await create(input);
      toast.success(createdMessage);
      for (const field of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) form.set(field, '');
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };
  return (
    <section className="card">
      <SubmitForm onSubmit={submit} labelledBy={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{title}</h2>
        <div className="form-row">
          <TextInput
            label={t('form.firstname')}
            value={form.values.firstname}
            onChange={(value) => form.set('firstname', value)}
            onBlur={() => form.touch('firstname')}
            error={form.errorFor('firstname')}
            isRequired
          />
          <TextInput
            label={t('form.lastname')}
            value={form.values.lastname}
            onChange={(value) => form.set('lastname', value)}
            onBlur={() => form.touch('lastname')}
            error={form.errorFor('lastname')}
            isRequired
          />
        </div>
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="off"
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          onBlur={() => form.touch('email')}
          error={form.errorFor('email')}
          isRequired
        />
        <NewPasswordFields form={form} score={score} />
        <Button type="submit" className="button button-primary" isDisabled={!form.isValid || isPending}>
          {submitLabel}
        </Button>
      </SubmitForm>
    </section>
  );
}

/**
 * The accounts with their two-factor state, and per row: reset the authenticator (once set up)
 * and delete. `canDelete` says which rows may be deleted (never oneself, never the last admin).
 */
export function AccountsTable({
  accounts,
  selfId,
  canDelete,
  onDelete,
}: {
  accounts: TBackOfficeAccount[];
  selfId: string | undefined;
  canDelete: (account: TBackOfficeAccount) => boolean;
  onDelete: (account: TBackOfficeAccount) => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const resetTwoFactor = trpc.appuser.resetTwoFactor.useMutation();
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('admins.col_name')}</th>
            <th scope="col">{t('admins.col_email')}</th>
            <th scope="col">{t('admins.col_two_factor')}</th>
            <th scope="col">{t('admins.col_created')}</th>
            <th scope="col">{t('admins.col_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const self = account.id === selfId;
            const name = `${account.firstname} ${account.lastname}`;
            return (
              <tr key={account.id}>
                <td>
                  {name} {self && t('admins.you')}
                </td>
                <td className="cell-email">{account.email}</td>
                <td>{t(account.twoFactorEnabled ? 'admins.two_factor_on' : 'admins.two_factor_pending')}</td>
                <td>{formatDate(account.createdAt)}</td>
                <td className="button-row">
                  {!self && account.twoFactorEnabled && (
                    <Button
                      className="button button-ghost"
                      aria-label={`${t('admins.reset_two_factor')}: ${name}`}
                      isPending={resetTwoFactor.isPending}
                      onPress={async () => {
                        try {
                          await resetTwoFactor.mutateAsync({ id: account.id });
                          toast.success(t('admins.two_factor_reset'));
                          await Promise.all([utils.appuser.list.invalidate(), utils.insurerAccounts.list.invalidate()]);
                        } catch (error) {
                          toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
                        }
                      }}
                    >
                      {t('admins.reset_two_factor')}
                    </Button>
                  )}
                  <Button
                    className="button button-ghost"
                    isDisabled={!canDelete(account)}
                    aria-label={`${t('admins.delete')}: ${name}`}
                    onPress={() => onDelete(account)}
                  >
                    {t('admins.delete')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Deleting an account, confirmed by typing DELETE; the account loses access at once. */
export function DeleteAccountDialog({
  account,
  title,
  deletedMessage,
  isPending,
  remove,
  onClose,
}: {
  account: TBackOfficeAccount | null;
  title: string;
  deletedMessage: string;
  isPending: boolean;
  remove: (id: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  return (
    <TypedConfirmDialog
      isOpen={account !== null}
      onClose={onClose}
      word="DELETE"
      title={title}
      text={t('admins.delete_text', { name: account ? `${account.firstname} ${account.lastname}` : '' })}
      label={t('admins.delete_label')}
      confirmLabel={t('admins.delete')}
      isPending={isPending}
      onConfirm={async () => {
        if (!account) return;
        try {
          await remove(account.id);
          toast.success(deletedMessage);
          onClose();
        } catch (error) {
          toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
        }
      }}
    />
  );
}
