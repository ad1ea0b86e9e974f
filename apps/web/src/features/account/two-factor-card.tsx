import { useState } from 'react';
import { Button } from 'react-aria-components';
import { PasswordInput } from '../../components/form-fields.tsx';
import { RecoveryCodesPanel } from '../../components/recovery-codes-panel.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { TotpCodeInput } from '../../components/totp-code-input.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** Two-factor sign-in in one's own account (DECISIONS.md: available to every user). */
export function TwoFactorCard() {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const setup = trpc.twoFactor.setup.useMutation();
  const enable = trpc.twoFactor.enable.useMutation();
  const disable = trpc.twoFactor.disable.useMutation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('app.something_went_wrong'));

  const confirm = async () => {
    try {
      const answer = await enable.mutateAsync({ code });
      setCodes(answer.recoveryCodes);
      setup.reset();
      setCode('');
      await utils.twoFactor.status.invalidate();
      toast.success(t('totp.enabled'));
    } catch (error) {
      fail(error);
    }
  };
  const turnOff = async () => {
    try {
      await disable.mutateAsync({ currentPassword: password });
      setPassword('');
      await utils.twoFactor.status.invalidate();
      toast.success(t('totp.disabled'));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="card">
      <h2 id="two-factor-heading">{t('totp.title')}</h2>
      <p>{t('totp.settings_intro')}</p>
      {!status.data ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <p>
          <strong data-testid="two-factor-status">
            {status.data.enabled ? t('totp.status_on') : t('totp.status_off')}
          </strong>
          {status.data.enabled && (
            <>
              <br />
              {t('totp.recovery_left', { count: status.data.recoveryCodesLeft })}
            </>
          )}
        </p>
      )}
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      {status.data && !status.data.enabled && !setup.data && (
        <Button className="button button-secondary" onPress={() => setup.mutate()} isDisabled={setup.isPending}>
          {t('totp.enable')}
        </Button>
      )}
      {status.data && !status.data.enabled && setup.data && (
        <SubmitForm onSubmit={confirm} labelledBy="two-factor-heading">
          <img src={setup.data.qrCode} alt={t('totp.qr_alt')} width={200} height={200} />
          <p>
            {t('totp.secret_label')}: <code data-testid="totp-secret">{setup.data.secret}</code>
          </p>
          <TotpCodeInput value={code} onChange={setCode} />
          <Button type="submit" className="button button-primary" isDisabled={code.length !== 6 || enable.isPending}>
            {t('totp.confirm')}
          </Button>
        </SubmitForm>
      )}
      {status.data?.enabled && !status.data.required && (
        <SubmitForm onSubmit={turnOff} labelledBy="two-factor-heading">
          <PasswordInput
            label={t('form.current_password')}
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" className="button button-secondary" isDisabled={!password || disable.isPending}>
            {t('totp.disable')}
          </Button>
        </SubmitForm>
      )}
    </div>
  );
}
