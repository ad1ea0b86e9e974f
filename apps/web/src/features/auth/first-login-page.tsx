import { ZChangePasswordForm } from '@portal/validators';
import { Button } from 'react-aria-components';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { TextInput } from '../../components/form-fields.tsx';
import { usePasswordScore, useStrongEnoughCheck } from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useCompleteSignIn } from './use-sign-in.ts';

/** /login/{token}?email=…: set one's own password, accept the privacy notes, sign in (spec §2). */
export default function FirstLoginPage() {
  const t = useT();
  const toast = useToast();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const complete = useCompleteSignIn();
  const form = useZodForm(ZChangePasswordForm, {
    password: '',
    confirmPassword: '',
    dataProtectionPolicyAccepted: false,
  });
  const score = usePasswordScore(form.values.password, [email]);
  const strongEnough = useStrongEnoughCheck();
  const mutation = trpc.employee.firstLogin.useMutation();

  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid) return;
    if (!strongEnough(score)) return;
    try {
      const answer = await mutation.mutateAsync({
        token,
        password: form.values.password,
        confirmPassword: form.values.confirmPassword,
        dataProtectionPolicyAccepted: true,
      });
      await complete(answer, null);
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="auth-card">
      <h1>{t('change_password.title')}</h1>
      <p>{t('change_password.first_login_intro')}</p>
      <SubmitForm onSubmit={submit}>
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={() => {}}
          isReadOnly
        />
        <NewPasswordFields form={form} score={score} />
        <CheckboxField
          isSelected={form.values.dataProtectionPolicyAccepted}
          onChange={(value) => form.set('dataProtectionPolicyAccepted', value)}
          error={form.errorFor('dataProtectionPolicyAccepted')}
        >
          {t('change_password.data_protection')}
        </CheckboxField>
        <p className="checkbox-links">
          <Link to="/datenschutzhinweise" target="_blank">
            {t('register.read_data_protection')}
          </Link>
        </p>
        <Button type="submit" className="button button-primary" isDisabled={!form.isValid || mutation.isPending}>
          {t('change_password.submit')}
        </Button>
      </SubmitForm>
    </section>
  );
}
