import type { TPasswordScore } from '@portal/validators';
import { PasswordInput } from '../../components/form-fields.tsx';
import { PasswordStrengthMeter } from '../../components/password-strength-meter.tsx';
import { useT } from '../../lib/i18n.tsx';

interface TNewPasswordForm {
  values: { password: string; confirmPassword: string };
  set: (field: 'password' | 'confirmPassword', value: string) => void;
  touch: (field: 'password' | 'confirmPassword') => void;
  errorFor: (field: 'password' | 'confirmPassword') => string | undefined;
}

/** New password + confirmation + strength meter, shared by recovery, first login and settings. */
export function NewPasswordFields({ form, score }: { form: TNewPasswordForm; score: TPasswordScore | null }) {
  const t = useT();
  return (
    <>
      <PasswordInput
        label={t('form.new_password')}
        autoComplete="new-password"
        isRequired
        value={form.values.password}
        onChange={(value) => form.set('password', value)}
        onBlur={() => form.touch('password')}
        error={form.errorFor('password')}
      />
      <PasswordStrengthMeter score={score} />
      <PasswordInput
        label={t('form.confirm_password')}
        autoComplete="new-password"
        isRequired
        value={form.values.confirmPassword}
        onChange={(value) => form.set('confirmPassword', value)}
        onBlur={() => form.touch('confirmPassword')}
        error={form.errorFor('confirmPassword')}
      />
    </>
  );
}
