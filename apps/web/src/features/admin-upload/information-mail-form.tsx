import { ZEmail } from '@portal/validators';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** Spec: "trigger an information email to the policyholder after upload", with an optional cc. */
export function InformationMailForm({ uploadId, defaultCc }: { uploadId: string; defaultCc: string | null }) {
  const t = useT();
  const toast = useToast();
  const [cc, setCc] = useState(defaultCc ?? '');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = trpc.uploads.sendInformationMail.useMutation();
  const ccValue = cc.trim();
  const ccCheck = ccValue === '' ? null : ZEmail.safeParse(ccValue);
  const ccError = touched && ccCheck && !ccCheck.success ? t('validation.email_invalid') : undefined;

  const submit = async () => {
    setTouched(true);
    if (ccCheck && !ccCheck.success) return;
    try {
      const answer = await send.mutateAsync({ id: uploadId, ...(ccCheck?.success && { cc: ccCheck.data }) });
      setSentTo(answer.sentTo);
      toast.success(t('admin_upload.info_sent', { email: answer.sentTo }));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('users.email_not_sent'));
    }
  };

  return (
    <section className="card info-mail" aria-labelledby="info-mail-heading">
      <h3 id="info-mail-heading">{t('admin_upload.info_heading')}</h3>
      <p>{t('admin_upload.info_text')}</p>
      <SubmitForm onSubmit={submit}>
        <TextInput
          label={t('admin_upload.info_cc')}
          type="email"
          value={cc}
          onChange={setCc}
          onBlur={() => setTouched(true)}
          error={ccError}
          autoComplete="off"
        />
        <div className="button-row">
          <Button type="submit" className="button button-primary" isDisabled={send.isPending}>
            {t('admin_upload.info_send')}
          </Button>
        </div>
      </SubmitForm>
      {sentTo && <p role="status">{t('admin_upload.info_sent', { email: sentTo })}</p>}
    </section>
  );
}
