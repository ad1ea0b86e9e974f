import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { CompanyForm } from '../account/company-form.tsx';
import { ResetCard } from '../company/reset-card.tsx';
import { AccountCard } from './account-card.tsx';
import { AvvCard, UploadsCard } from './company-records.tsx';
import { CompanyStaffCard } from './company-staff-card.tsx';
import { DeleteCard } from './delete-card.tsx';
import { EmployerForm } from './employer-form.tsx';
import { PhishingApprovalCard } from './phishing-approval-card.tsx';
import { POLICYHOLDERS_KEY } from './use-all-policyholders.ts';

/** `/admin/policyholders/{id}`: one customer with everything the back office may do to it. */
export default function PolicyholderDetailsPage() {
  const t = useT();
  const { id = '' } = useParams();
  const utils = trpc.useUtils();
  const details = trpc.admin.policyholder.useQuery({ id });
  const refresh = () =>
    Promise.all([utils.admin.invalidate(), queryClient.invalidateQueries({ queryKey: POLICYHOLDERS_KEY })]);

  if (details.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!details.data) return <p role="alert">{t('app.something_went_wrong')}</p>;
  const data = details.data;
  return (
    <section className="page">
      <p>
        <Link to="/admin/policyholders">← {t('policyholders.back')}</Link>
      </p>
      <h1>{data.company.companyName}</h1>
      <p>
        <Link to={`/admin/policyholders/${id}/phishing`}>{t('campaigns.admin_link')}</Link>
      </p>
      <AccountCard details={data} onChanged={refresh} />
      <EmployerForm key={data.employer.email} employer={data.employer} onSaved={refresh} />
      <CompanyForm companyId={data.company.id} />
      <AvvCard details={data} />
      <CompanyStaffCard companyId={data.company.id} />
      <UploadsCard details={data} />
      <PhishingApprovalCard companyId={data.company.id} />
      <ResetCard companyId={data.company.id} adminState={data.reset} />
      <DeleteCard employerId={data.employer.id} companyName={data.company.companyName} />
    </section>
  );
}
