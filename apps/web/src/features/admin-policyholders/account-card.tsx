import type { RouterOutputs } from '@portal/api';
import { ZNewPasswordForm } from '@portal/validators';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { usePasswordScore, useStrongEnoughCheck } from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';

type TDetails = RouterOutputs['admin']['policyholder'];

/** Account state of the policyholder, with block/unblock and "set password" (spec §6). */
export function AccountCard({ details, onChanged }: { details: TDetails; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const toast = useToast();
  const { employer } = details;
  const name = `${employer.firstname} ${employer.lastname}`;
  const block = trpc.employee.blockAccount.useMutation();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [settingPassword, setSettingPassword] = useState(false);

  const setBlocked = async (locked: boolean) => {
    try {
      await block.mutateAsync({ id: employer.id, block: locked });
      toast.success(t(locked ? 'policyholders.blocked' : 'policyholders.unblocked'));
      setConfirmBlock(false);
      await onChanged();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">{t('policyholders.account_title')}</h2>
      <p>
        <strong>{name}</strong> · {employer.email}
        <br />
        {t('policyholders.registered_on', { date: formatDate(employer.createdAt) })}
      </p>
      <p className="badges">
        <span className={`status ${employer.locked ? 'status-blocked' : 'status-completed'}`}>
          {t(employer.locked ? 'policyholders.status_blocked' : 'policyholders.status_active')}
        </span>{' '}
        {employer.twoFactorEnabled && (
          <span className="status status-assigned">{t('policyholders.two_factor_on')}</span>
        )}
      </p>
      <div className="button-row">
        {employer.locked ? (
          <Button className="button button-secondary" onPress={() => setBlocked(false)} isPending={block.isPending}>
            {t('policyholders.unblock')}
          </Button>
        ) : (
          <Button className="button button-danger" onPress={() => setConfirmBlock(true)}>
            {t('policyholders.block')}
          </Button>
        )}
        <Button className="button button-secondary" onPress={() => setSettingPassword(true)}>
          {t('policyholders.set_password')}
        </Button>
      </div>
      <Modal
        isOpen={confirmBlock}
        onClose={() => setConfirmBlock(false)}
        header={t('policyholders.block_confirm_title')}
        footer={
          <>
            <Button className="button button-secondary" onPress={() => setConfirmBlock(false)}>
              {t('app.cancel')}
            </Button>
            <Button className="button button-danger" onPress={() => setBlocked(true)} isPending={block.isPending}>
              {t('policyholders.block')}
            </Button>
          </>
        }
      >
        <p>{t('policyholders.block_confirm_text', { name })}</p>
      </Modal>
      <SetPasswordDialog isOpen={settingPassword} onClose={() => setSettingPassword(false)} employer={employer} />
    </section>
  );
}

const EMPTY = { password: '', confirmPassword: '' };

function SetPasswordDialog({
  isOpen,
  onClose,
  employer,
}: {
  isOpen: boolean;
  onClose: () => void;
  employer: TDetails['employer'];
}) {
  const t = useT();
  const toast = useToast();
  const form = useZodForm(ZNewPasswordForm, EMPTY);
  const score = usePasswordScore(form.values.password, [employer.firstname, employer.lastname, employer.email]);
  const strongEnough = useStrongEnoughCheck();
  const setPassword = trpc.admin.setPassword.useMutation();
  const close = () => {
    form.set('password', '');
    form.set('confirmPassword', '');
    onClose();
  };
  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid || !strongEnough(score)) return;
    try {
      await setPassword.mutateAsync({ id: employer.id, password: form.values.password });
      toast.success(t('policyholders.password_set'));
      close();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };
  return (
    <Modal isOpen={isOpen} onClose={close} header={t('policyholders.set_password')} footer={null}>
      <SubmitForm onSubmit={submit}>
        <p>{t('policyholders.set_password_intro')}</p>
        <NewPasswordFields form={form} score={score} />
        <div className="button-row">
          <Button className="button button-secondary" onPress={close}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" className="button button-primary" isDisabled={!form.isValid || setPassword.isPending}>
            {t('policyholders.set_password')}
          </Button>
        </div>
      </SubmitForm>
    </Modal>
  );
}
