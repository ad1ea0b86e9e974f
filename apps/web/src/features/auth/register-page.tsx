import { type TRegisterForm, ZRegisterForm } from '@portal/validators';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { PasswordInput, TextInput } from '../../components/form-fields.tsx';
import {
  PasswordStrengthMeter,
  usePasswordScore,
  useStrongEnoughCheck,
} from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { TUTORIAL_POSTER, TUTORIAL_VIDEO } from '../shell/tutorial-video.ts';
import { useCompleteSignIn } from './use-sign-in.ts';

type TRegisterValues = Omit<
  TRegisterForm,
  'confirmLicense' | 'dataProtectionPolicyAccepted' | 'orderProcessingAccepted'
> & {
  confirmLicense: boolean;
  dataProtectionPolicyAccepted: boolean;
  orderProcessingAccepted: boolean;
};

const EMPTY: TRegisterValues = {
  firstname: '',
  lastname: '',
  companyName: '',
  email: '',
  password: '',
  confirmPassword: '',
  confirmLicense: false,
  dataProtectionPolicyAccepted: false,
  orderProcessingAccepted: false,
};

/** Policyholder registration (spec §2, §5): success signs in and goes to `/`. */
export default function RegisterPage() {
  const t = useT();
  const toast = useToast();
  const complete = useCompleteSignIn();
  const form = useZodForm(ZRegisterForm, EMPTY);
  const { values } = form;
  const score = usePasswordScore(values.password, [
    values.firstname,
    values.lastname,
    values.email,
    values.companyName,
  ]);
  const register = trpc.employee.createEmployer.useMutation();
  const strongEnough = useStrongEnoughCheck();

  const submit = async () => {
    form.markSubmitted();
    if (!form.parsed) return;
    if (!strongEnough(score)) return;
    try {
      const answer = await register.mutateAsync(form.parsed as TRegisterForm);
      await complete(answer, null);
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const text = (field: 'firstname' | 'lastname' | 'companyName' | 'email', label: string, autoComplete: string) => (
    <TextInput
      label={label}
      type={field === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      isRequired
      value={values[field]}
      onChange={(value) => form.set(field, value)}
      onBlur={() => form.touch(field)}
      error={form.errorFor(field)}
    />
  );
  const check = (
    field: 'confirmLicense' | 'dataProtectionPolicyAccepted' | 'orderProcessingAccepted',
    label: string,
  ) => (
    <CheckboxField isSelected={values[field]} onChange={(value) => form.set(field, value)} error={form.errorFor(field)}>
      {label}
    </CheckboxField>
  );

  return (
    <section className="auth-card wide">
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <p className="notice" role="note">
        {t('register.employee_notice')}
      </p>
      {/* Spec §2: the tutorial video next to the form (no autoplay, speeds 0.7-2). */}
      <VideoPlayer src={TUTORIAL_VIDEO} poster={TUTORIAL_POSTER} title={t('video.title')} />
      <SubmitForm onSubmit={submit}>
        <div className="form-row">
          {text('firstname', t('form.firstname'), 'given-name')}
          {text('lastname', t('form.lastname'), 'family-name')}
        </div>
        {text('companyName', t('form.company_name'), 'organization')}
        {text('email', t('form.email'), 'email')}
        <PasswordInput
          label={t('form.password')}
          autoComplete="new-password"
          isRequired
          value={values.password}
          onChange={(value) => form.set('password', value)}
          onBlur={() => form.touch('password')}
          error={form.errorFor('password')}
        />
        <PasswordStrengthMeter score={score} />
        <PasswordInput
          label={t('form.confirm_password')}
          autoComplete="new-password"
          isRequired
          value={values.confirmPassword}
          onChange={(value) => form.set('confirmPassword', value)}
          onBlur={() => form.touch('confirmPassword')}
          error={form.errorFor('confirmPassword')}
        />
        {check('confirmLicense', t('register.confirm_license'))}
        {check('dataProtectionPolicyAccepted', t('register.data_protection_plain'))}
        <p className="checkbox-links">
          <Link to="/datenschutzhinweise" target="_blank">
            {t('register.read_data_protection')}
          </Link>
        </p>
        {check('orderProcessingAccepted', t('register.order_processing'))}
        <p className="checkbox-links">
          <Link to="/order-data-processing" target="_blank">
            {t('register.read_contract')}
          </Link>
        </p>
        <Button type="submit" className="button button-primary" isDisabled={!form.isValid || register.isPending}>
          {register.isPending ? t('register.pending') : t('register.submit')}
        </Button>
      </SubmitForm>
      <p className="auth-links">
        {t('register.have_account')} <Link to="/login">{t('login.submit')}</Link>
      </p>
    </section>
  );
}
