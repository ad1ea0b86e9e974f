import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useMe } from '../shell/use-me.ts';
import { CertificateView } from './certificate-view.tsx';
import { useIssueOnce } from './use-issue-once.ts';

/**
 * `/proofOfInsurance` (employer, manager): the company certificate with today's figures, once the
 * employer settings are complete (the AVV is a precondition of the whole workspace), and for the
 * employer the evidence pack for a claim.
 */
export default function ProofOfInsurancePage() {
  const { t, locale } = useI18n();
  const me = useMe();
  const status = trpc.certificates.companyStatus.useQuery();
  const issue = trpc.certificates.issueCompany.useMutation();
  useIssueOnce(status.data?.available === true, issue.mutate);

  return (
    <section className="page">
      <h1>{t('pages.proof_of_insurance')}</h1>
      <p className="muted">{t('certificate.company_intro')}</p>
      {status.isPending && <p role="status">{t('app.loading')}</p>}
      {status.data && !status.data.available && (
        <section className="card" aria-labelledby="unavailable-heading">
          <h2 id="unavailable-heading">{t('certificate.company_unavailable')}</h2>
          {me.data?.role === 'employer' ? (
            <>
              <p>{t('certificate.company_unavailable_employer')}</p>
              <Link className="button button-primary" to="/account-settings">
                {t('certificate.to_account_settings')}
              </Link>
            </>
          ) : (
            <p>{t('certificate.company_unavailable_manager')}</p>
          )}
        </section>
      )}
      {status.data?.available && issue.isPending && <p role="status">{t('certificate.issuing')}</p>}
      {issue.isError && <p role="alert">{issue.error.message}</p>}
      {issue.data && (
        <CertificateView
          record={issue.data}
          alt={t('certificate.preview_alt_company', { company: issue.data.holder, code: issue.data.code })}
        />
      )}
      {me.data?.role === 'employer' && (
        // The evidence pack (ADR 035): a plain download link, the server names the file. Managers
        // do not get it, because it holds every certified person's certificate.
        <section className="card" aria-labelledby="evidence-heading">
          <h2 id="evidence-heading">{t('evidence.title')}</h2>
          <p>{t('evidence.download_intro')}</p>
          <a className="button button-secondary" href={`/api/company/evidence?lang=${locale}`} download>
            {t('evidence.download')}
          </a>
        </section>
      )}
    </section>
  );
}
