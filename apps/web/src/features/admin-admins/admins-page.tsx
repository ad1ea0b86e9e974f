import type { RouterOutputs } from '@portal/api';
import { ZEmail, ZName, ZNewPasswordForm } from '@portal/validators';
import { useState } from 'react';
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
import { useMe } from '../shell/use-me.ts';

type TAdmin = RouterOutputs['appuser']['list'][number];

const ZAdminForm = z.object({ firstname: ZName, lastname: ZName, email: ZEmail }).and(ZNewPasswordForm);
const EMPTY = { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' };

function CreateAdminForm() {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const create = trpc.employee.createAdmin.useMutation();
  const form = useZodForm(ZAdminForm, EMPTY);
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
      await create.mutateAsync(input);
      toast.success(t('admins.created'));
      for (const field of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) form.set(field, '');
      await utils.appuser.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };
  return (
    <section className="card">
      <SubmitForm onSubmit={submit} labelledBy="create-admin-heading">
        <h2 id="create-admin-heading">{t('admins.create_title')}</h2>
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
        <Button type="submit" className="button button-primary" isDisabled={!form.isValid || create.isPending}>
          {t('admins.create_submit')}
        </Button>
      </SubmitForm>
    </section>
  );
}

/** `/admin/admins`: the provider's admins; create and delete (typed DELETE), never oneself or the last. */
export default function AdminsPage() {
  const t = useT();
  const toast = useToast();
  const me = useMe();
  const utils = trpc.useUtils();
  const admins = trpc.appuser.list.useQuery();
  const remove = trpc.appuser.delete.useMutation();
  const resetTwoFactor = trpc.appuser.resetTwoFactor.useMutation();
  const [deleting, setDeleting] = useState<TAdmin | null>(null);
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
                {admins.data.map((admin) => {
                  const self = admin.id === me.data?.id;
                  return (
                    <tr key={admin.id}>
                      <td>
                        {admin.firstname} {admin.lastname} {self && t('admins.you')}
                      </td>
                      <td className="cell-email">{admin.email}</td>
                      <td>{t(admin.twoFactorEnabled ? 'admins.two_factor_on' : 'admins.two_factor_pending')}</td>
                      <td>{formatDate(admin.createdAt)}</td>
                      <td className="button-row">
                        {!self && admin.twoFactorEnabled && (
                          <Button
                            className="button button-ghost"
                            aria-label={`${t('admins.reset_two_factor')}: ${admin.firstname} ${admin.lastname}`}
                            isPending={resetTwoFactor.isPending}
                            onPress={async () => {
                              try {
                                await resetTwoFactor.mutateAsync({ id: admin.id });
                                toast.success(t('admins.two_factor_reset'));
                                await utils.appuser.list.invalidate();
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
                          isDisabled={self || onlyOne}
                          aria-label={`${t('admins.delete')}: ${admin.firstname} ${admin.lastname}`}
                          onPress={() => setDeleting(admin)}
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
        )}
      </section>
      <CreateAdminForm />
      <TypedConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        word="DELETE"
        title={t('admins.delete_title')}
        text={t('admins.delete_text', { name: deleting ? `${deleting.firstname} ${deleting.lastname}` : '' })}
        label={t('admins.delete_label')}
        confirmLabel={t('admins.delete')}
        isPending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting.id });
            toast.success(t('admins.deleted'));
            setDeleting(null);
            await utils.appuser.list.invalidate();
          } catch (error) {
            toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
          }
        }}
      />
    </section>
  );
}
