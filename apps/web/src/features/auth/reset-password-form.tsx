import { ZResetRequestForm } from '@portal/validators';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

/** Password reset request (spec §4): form → pending → emailSent, or an error toast with the form kept. */
export function ResetPasswordForm({ audience }: { audience: 'customer' | 'admin' }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const [emailSent, setEmailSent] = useState(false);
  const form = useZodForm(ZResetRequestForm, { email: '' });
  const customer = trpc.employee.reset.useMutation();
  const admin = trpc.appuser.reset.useMutation();
  const mutation = audience === 'admin' ? admin : customer;
  const loginPath = audience === 'admin' ? '/admin/login' : '/login';

  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid) return;
    try {
      await mutation.mutateAsync({ email: form.values.email });
      toast.success(t('reset_password.link_sent_successfully'));
      setEmailSent(true);
    } catch {
      toast.error(t('reset_password.error'));
    }
  };

  if (emailSent) {
    return (
      <section className="auth-card">
        <h1>{t('reset_password.email_sent_title')}</h1>
        <p role="status">{t('reset_password.link_sent_successfully')}</p>
        <p>{t('reset_password.email_sent_text')}</p>
        <Link to={loginPath} className="button button-primary">
          {t('reset_password.back_to_login')}
        </Link>
      </section>
    );
  }

  return (
    <section className="auth-card">
      <h1>{t('reset_password.title')}</h1>
      <p>{t('reset_password.intro')}</p>
      <SubmitForm onSubmit={submit}>
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="email"
          isRequired
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          onBlur={() => form.touch('email')}
          error={form.errorFor('email')}
        />
        <div className="button-row">
          <Button className="button button-secondary" onPress={() => void navigate(-1)}>
            {t('app.back')}
          </Button>
          <Button type="submit" className="button button-primary" isDisabled={!form.isValid || mutation.isPending}>
            {mutation.isPending ? t('reset_password.pending') : t('reset_password.submit')}
          </Button>
        </div>
      </SubmitForm>
    </section>
  );
}
