import { ZName } from '@portal/validators';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { z } from 'zod';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

const required = (max: number) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.too_long' });
/** Spec §5: all account-settings fields are required. */
const ZProfileForm = z.object({
  salutation: z.enum(['Mr', 'Mrs'], { message: 'validation.required' }),
  firstname: ZName,
  lastname: ZName,
  phoneNumber: required(40),
  street: required(200),
  postCode: required(10),
  city: required(100),
});

export function ProfileForm({ me }: { me: TMe }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.employee.update.useMutation();
  const form = useZodForm(ZProfileForm, {
    salutation: me.salutation ?? '',
    firstname: me.firstname,
    lastname: me.lastname,
    phoneNumber: me.phoneNumber,
    street: me.street,
    postCode: me.postCode,
    city: me.city,
  });

  const submit = async () => {
    form.markSubmitted();
    const parsed = ZProfileForm.safeParse(form.values);
    if (!parsed.success) return;
    try {
      const saved = await update.mutateAsync({ id: me.id, ...parsed.data });
      // The answer is the saved account: the route guard sees the new data at once.
      utils.auth.me.setData(undefined, saved);
      toast.success(t('account_settings.saved'));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const field = (
    name: 'firstname' | 'lastname' | 'phoneNumber' | 'street' | 'postCode' | 'city',
    label: string,
    autoComplete: string,
  ) => (
    <TextInput
      label={label}
      type={name === 'phoneNumber' ? 'tel' : 'text'}
      autoComplete={autoComplete}
      isRequired
      value={form.values[name]}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
      error={form.errorFor(name)}
    />
  );

  return (
    <SubmitForm onSubmit={submit} labelledBy="profile-heading">
      <h2 id="profile-heading">{t('account_settings.profile')}</h2>
      <p className="muted">{`${t('form.email')}: ${me.email}`}</p>
      <RadioGroup
        className="field"
        orientation="horizontal"
        value={form.values.salutation}
        onChange={(value) => form.set('salutation', value)}
        isRequired
        isInvalid={Boolean(form.errorFor('salutation'))}
      >
        <Label>{t('form.salutation')}</Label>
        <div className="radio-row">
          <Radio value="Mrs" className="radio">
            {t('form.salutation_mrs')}
          </Radio>
          <Radio value="Mr" className="radio">
            {t('form.salutation_mr')}
          </Radio>
        </div>
        {form.errorFor('salutation') && <p className="field-error">{form.errorFor('salutation')}</p>}
      </RadioGroup>
      <div className="form-row">
        {field('firstname', t('form.firstname'), 'given-name')}
        {field('lastname', t('form.lastname'), 'family-name')}
      </div>
      {field('phoneNumber', t('form.phone_number'), 'tel')}
      {field('street', t('form.street'), 'street-address')}
      <div className="form-row">
        {field('postCode', t('form.post_code'), 'postal-code')}
        {field('city', t('form.city'), 'address-level2')}
      </div>
      <Button type="submit" className="button button-primary" isDisabled={!form.isValid || update.isPending}>
        {t('app.save')}
      </Button>
    </SubmitForm>
  );
}
