import { ZNewPasswordForm } from '@portal/validators';
import { Button } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { usePasswordScore, useStrongEnoughCheck } from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Set a new password from a reset link; on success go to the sign-in page (spec §2). */
export function RecoveryPasswordForm({ audience }: { audience: 'customer' | 'admin' }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const form = useZodForm(ZNewPasswordForm, { password: '', confirmPassword: '' });
  const score = usePasswordScore(form.values.password, []);
  const strongEnough = useStrongEnoughCheck();
  const customer = trpc.employee.resetPassword.useMutation();
  const admin = trpc.appuser.resetPassword.useMutation();
  const mutation = audience === 'admin' ? admin : customer;

  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid) return;
    if (!strongEnough(score)) return;
    try {
      await mutation.mutateAsync({ token, newPassword: form.values.password });
      toast.success(t('recovery_password.success'));
      await navigate(audience === 'admin' ? '/admin/login' : '/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="auth-card">
      <h1>{t('recovery_password.title')}</h1>
      <SubmitForm onSubmit={submit}>
        <NewPasswordFields form={form} score={score} />
        <Button type="submit" className="button button-primary" isDisabled={!form.isValid || mutation.isPending}>
          {t('recovery_password.submit')}
        </Button>
      </SubmitForm>
    </section>
  );
}
