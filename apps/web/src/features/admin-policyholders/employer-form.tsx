import type { RouterOutputs } from '@portal/api';
import { ZEmail, ZName } from '@portal/validators';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { z } from 'zod';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

type TEmployer = RouterOutputs['admin']['policyholder']['employer'];

const ZEmployerForm = z.object({
  salutation: z.enum(['Mr', 'Mrs'], { message: 'validation.required' }),
  firstname: ZName,
  lastname: ZName,
  email: ZEmail,
  phoneNumber: z.string().trim().max(40),
});

/** The admin edits the policyholder's own data (spec §6 "edit employer and company data"). */
export function EmployerForm({ employer, onSaved }: { employer: TEmployer; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const toast = useToast();
  const update = trpc.employee.update.useMutation();
  const form = useZodForm(ZEmployerForm, {
    salutation: employer.salutation ?? '',
    firstname: employer.firstname,
    lastname: employer.lastname,
    email: employer.email,
    phoneNumber: employer.phoneNumber,
  });
  const submit = async () => {
    form.markSubmitted();
    const parsed = ZEmployerForm.safeParse(form.values);
    if (!parsed.success) return;
    const { email, ...rest } = parsed.data;
    try {
      await update.mutateAsync({
        id: employer.id,
        ...rest,
        // The call wants a changed email twice; here the admin typed it once, on purpose.
        ...(email !== employer.email && { email, emailConfirmation: email }),
      });
      toast.success(t('policyholders.saved'));
      await onSaved();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };
  return (
    <section className="card">
      <SubmitForm onSubmit={submit} labelledBy="employer-form-heading">
        <h2 id="employer-form-heading">{t('policyholders.edit_account')}</h2>
        <RadioGroup
          className="radio-row"
          orientation="horizontal"
          value={form.values.salutation}
          onChange={(value) => form.set('salutation', value)}
        >
          <Label>{t('form.salutation')}</Label>
          <Radio className="radio" value="Mrs">
            {t('form.salutation_mrs')}
          </Radio>
          <Radio className="radio" value="Mr">
            {t('form.salutation_mr')}
          </Radio>
        </RadioGroup>
        <div className="form-row">
          <TextInput
            label={t('form.firstname')}
            value={form.values.firstname}
            onChange={(value) => form.set('firstname', value)}
            error={form.errorFor('firstname')}
            isRequired
          />
          <TextInput
            label={t('form.lastname')}
            value={form.values.lastname}
            onChange={(value) => form.set('lastname', value)}
            error={form.errorFor('lastname')}
            isRequired
          />
        </div>
        <TextInput
          label={t('policyholders.email_label')}
          type="email"
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          error={form.errorFor('email')}
          isRequired
        />
        <TextInput
          label={t('form.phone_number')}
          type="tel"
          value={form.values.phoneNumber}
          onChange={(value) => form.set('phoneNumber', value)}
          error={form.errorFor('phoneNumber')}
        />
        <Button type="submit" className="button button-primary" isDisabled={update.isPending}>
          {t('app.save')}
        </Button>
      </SubmitForm>
    </section>
  );
}
