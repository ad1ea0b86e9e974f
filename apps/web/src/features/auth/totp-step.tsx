import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { RecoveryCodesPanel } from '../../components/recovery-codes-panel.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { TotpCodeInput } from '../../components/totp-code-input.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import type { TLoginAnswer } from './use-sign-in.ts';

export interface TChallenge {
  challengeToken: string;
  setupRequired: boolean;
}

/**
 * Second sign-in step: the code from the authenticator app. A new admin first sees the QR code
 * to scan (DECISIONS.md: TOTP is required for admins).
 */
export function TotpStep({
  audience,
  challenge,
  onSignedIn,
  onRestart,
}: {
  audience: 'customer' | 'admin';
  challenge: TChallenge;
  onSignedIn: (answer: TLoginAnswer) => Promise<void>;
  onRestart: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [fresh, setFresh] = useState<{ codes: string[]; answer: TLoginAnswer } | null>(null);
  const enrolment = trpc.appuser.totpEnrolment.useMutation();
  const customer = trpc.employee.loginTotp.useMutation();
  const admin = trpc.appuser.loginTotp.useMutation();
  const mutation = audience === 'admin' ? admin : customer;
  const { mutate: enrol } = enrolment;

  useEffect(() => {
    if (challenge.setupRequired) enrol({ challengeToken: challenge.challengeToken });
  }, [challenge, enrol]);

  const submit = async () => {
    try {
      const answer = await mutation.mutateAsync({ challengeToken: challenge.challengeToken, code });
      if ('totpRequired' in answer) return;
      // A just-configured authenticator comes with recovery codes: show them before going on.
      if ('recoveryCodes' in answer && answer.recoveryCodes) {
        setFresh({ codes: answer.recoveryCodes, answer });
        return;
      }
      await onSignedIn(answer);
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
      setCode('');
    }
  };

  if (fresh) {
    return (
      <section className="auth-card">
        <h1>{t('totp.setup_title')}</h1>
        <RecoveryCodesPanel codes={fresh.codes} onDone={() => void onSignedIn(fresh.answer)} />
      </section>
    );
  }

  return (
    <section className="auth-card">
      <h1>{challenge.setupRequired ? t('totp.setup_title') : t('totp.title')}</h1>
      {challenge.setupRequired ? (
        <>
          <p>{t('totp.setup_intro')}</p>
          {enrolment.data ? (
            <div className="totp-enrolment">
              <img src={enrolment.data.qrCode} alt={t('totp.qr_alt')} width={200} height={200} />
              <p>
                {t('totp.secret_label')}: <code data-testid="totp-secret">{enrolment.data.secret}</code>
              </p>
            </div>
          ) : (
            <p role="status">{t('app.loading')}</p>
          )}
        </>
      ) : (
        <p>{t('totp.prompt')}</p>
      )}
      <SubmitForm onSubmit={submit}>
        {useRecovery ? (
          <TextInput
            label={t('totp.recovery_label')}
            description={t('totp.recovery_hint')}
            autoComplete="off"
            isRequired
            value={code}
            onChange={(typed) =>
              setCode(
                typed
                  .toUpperCase()
                  .replace(/[^A-Z0-9-]/g, '')
                  .slice(0, 11),
              )
            }
          />
        ) : (
          <TotpCodeInput value={code} onChange={setCode} />
        )}
        <Button
          type="submit"
          className="button button-primary"
          isDisabled={(useRecovery ? code.replace(/-/g, '').length !== 10 : code.length !== 6) || mutation.isPending}
        >
          {mutation.isPending ? t('totp.pending') : t('totp.submit')}
        </Button>
      </SubmitForm>
      <p className="auth-links">
        {!challenge.setupRequired && (
          <Button
            className="button button-ghost"
            onPress={() => {
              setUseRecovery((on) => !on);
              setCode('');
            }}
          >
            {useRecovery ? t('totp.use_app_code') : t('totp.use_recovery_code')}
          </Button>
        )}
        <Button className="button button-ghost" onPress={onRestart}>
          {t('totp.back_to_login')}
        </Button>
      </p>
    </section>
  );
}
