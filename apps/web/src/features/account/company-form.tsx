import { ZInsuranceNumber } from '@portal/validators';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

const required = (max: number) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.too_long' });

/** Spec §5: every field of the employer settings is required; the insurance number has its rule. */
const ZCompanyForm = z.object({
  companyName: required(200),
  street: required(200),
  postCode: required(20),
  city: required(100),
  phoneNumber: required(50),
  insuranceNumber: ZInsuranceNumber.pipe(z.string().min(1, { message: 'validation.required' })),
  employeeCount: z.string().regex(/^\d{0,7}$/, { message: 'validation.invalid_input' }),
});
type TField = Exclude<keyof z.infer<typeof ZCompanyForm>, never>;

/** The policyholder's company data (account settings). */
export function CompanyForm({ companyId }: { companyId: string }) {
  const t = useT();
  const company = trpc.company.get.useQuery({ id: companyId });
  if (!company.data) return <p role="status">{t('app.loading')}</p>;
  return <CompanyFormFields companyId={companyId} initial={company.data} />;
}

function CompanyFormFields({
  companyId,
  initial,
}: {
  companyId: string;
  initial: {
    companyName: string;
    street: string;
    postCode: string;
    city: string;
    phoneNumber: string;
    insuranceNumber: string;
    employeeCount: number | null;
  };
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.company.update.useMutation();
  const form = useZodForm(ZCompanyForm, {
    companyName: initial.companyName,
    street: initial.street,
    postCode: initial.postCode,
    city: initial.city,
    phoneNumber: initial.phoneNumber,
    insuranceNumber: initial.insuranceNumber,
    employeeCount: initial.employeeCount === null ? '' : String(initial.employeeCount),
  });

  const submit = async () => {
    form.markSubmitted();
    const parsed = ZCompanyForm.safeParse(form.values);
    if (!parsed.success) return;
    const { employeeCount, ...rest } = parsed.data;
    try {
      const saved = await update.mutateAsync({
        id: companyId,
        ...rest,
        employeeCount: employeeCount === '' ? null : Number(employeeCount),
      });
      // The answer is the saved company: the route guard (settings complete?) sees it at once.
      utils.company.get.setData({ id: companyId }, saved);
      toast.success(t('account_settings.saved'));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const field = (
    name: TField,
    label: string,
    options: { autoComplete?: string; description?: string; type?: 'tel' } = {},
  ) => (
    <TextInput
      label={label}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      description={options.description}
      isRequired={name !== 'employeeCount'}
      value={form.values[name]}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
      error={form.errorFor(name)}
    />
  );

  return (
    <SubmitForm onSubmit={submit} labelledBy="company-heading">
      <h2 id="company-heading">{t('account_settings.company')}</h2>
      <p className="muted">{t('account_settings.company_hint')}</p>
      {field('companyName', t('form.company_name'), { autoComplete: 'organization' })}
      {field('street', t('form.street'), { autoComplete: 'street-address' })}
      <div className="form-row">
        {field('postCode', t('form.post_code'), { autoComplete: 'postal-code' })}
        {field('city', t('form.city'), { autoComplete: 'address-level2' })}
      </div>
      {field('phoneNumber', t('form.phone_number'), { autoComplete: 'tel', type: 'tel' })}
      {field('insuranceNumber', t('form.insurance_number'), { description: t('form.insurance_number_hint') })}
      {field('employeeCount', t('form.employee_count'))}
      <Button type="submit" className="button button-primary" isDisabled={!form.isValid || update.isPending}>
        {t('app.save')}
      </Button>
    </SubmitForm>
  );
}
