import { ZNewPasswordForm } from '@portal/validators';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { PasswordInput } from '../../components/form-fields.tsx';
import { usePasswordScore, useStrongEnoughCheck } from '../../components/password-strength-meter.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';

const ZChangeForm = z
  .object({ currentPassword: z.string().min(1, { message: 'validation.required' }) })
  .and(ZNewPasswordForm);

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordForm({ me }: { me: TMe }) {
  const t = useT();
  const toast = useToast();
  const form = useZodForm(ZChangeForm, EMPTY);
  const score = usePasswordScore(form.values.password, [me.firstname, me.lastname, me.email]);
  const strongEnough = useStrongEnoughCheck();
  const mutation = trpc.employee.changePassword.useMutation();

  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid) return;
    if (!strongEnough(score)) return;
    try {
      await mutation.mutateAsync({ currentPassword: form.values.currentPassword, newPassword: form.values.password });
      toast.success(`${t('change_password.success')} ${t('account_settings.password_changed_notice')}`);
      for (const field of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) form.set(field, '');
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <SubmitForm onSubmit={submit} labelledBy="password-heading">
      <h2 id="password-heading">{t('account_settings.password')}</h2>
      <PasswordInput
        label={t('form.current_password')}
        autoComplete="current-password"
        isRequired
        value={form.values.currentPassword}
        onChange={(value) => form.set('currentPassword', value)}
        onBlur={() => form.touch('currentPassword')}
        error={form.errorFor('currentPassword')}
      />
      <NewPasswordFields form={form} score={score} />
      <Button type="submit" className="button button-primary" isDisabled={!form.isValid || mutation.isPending}>
        {t('change_password.title')}
      </Button>
    </SubmitForm>
  );
}
