import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { slidePath } from '../trainings/training-queries.ts';
import { CertificateView } from './certificate-view.tsx';
import { useIssueOnce } from './use-issue-once.ts';

const STATUS_KEY = { not_started: 'certificate.status_not_started', started: 'certificate.status_started' } as const;
const STATUS_CLASS = { not_started: 'status-assigned', started: 'status-started' } as const;

/**
 * `/personalCertificate`: the certificate when every assigned course (at least six) is done,
 * otherwise what is still missing, with links into the courses.
 */
export default function PersonalCertificatePage() {
  const { t } = useI18n();
  const status = trpc.certificates.personalStatus.useQuery();
  const issue = trpc.certificates.issuePersonal.useMutation();
  useIssueOnce(status.data?.eligible === true, issue.mutate);

  const s = status.data;
  return (
    <section className="page">
      <h1>{t('pages.personal_certificate')}</h1>
      <p className="muted">{t('certificate.personal_intro')}</p>
      {status.isPending && <p role="status">{t('app.loading')}</p>}
      {s && !s.eligible && (
        <section className="card" aria-labelledby="not-yet-heading">
          <h2 id="not-yet-heading">{t('certificate.not_yet')}</h2>
          <p>{t('certificate.missing_intro', { min: s.minimum })}</p>
          <p>
            <strong>
              {t('certificate.progress', { completed: s.completedCount, needed: Math.max(s.assignedCount, s.minimum) })}
            </strong>
          </p>
          <progress
            className="certificate-progress"
            max={Math.max(s.assignedCount, s.minimum)}
            value={s.completedCount}
            aria-label={t('certificate.progress', {
              completed: s.completedCount,
              needed: Math.max(s.assignedCount, s.minimum),
            })}
          />
          {s.missing.length > 0 && (
            <>
              <h3>{t('certificate.missing_list')}</h3>
              <ul className="missing-courses">
                {s.missing.map((course) => (
                  <li key={course.slug}>
                    <Link to={slidePath(course.slug, 0)}>{course.title}</Link>{' '}
                    <span className={`status ${STATUS_CLASS[course.status as keyof typeof STATUS_CLASS]}`}>
                      {t(STATUS_KEY[course.status as keyof typeof STATUS_KEY])}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {s.assignedCount < s.minimum && (
            <p className="notice">{t('certificate.too_few_assigned', { assigned: s.assignedCount, min: s.minimum })}</p>
          )}
        </section>
      )}
      {s?.eligible && issue.isPending && <p role="status">{t('certificate.issuing')}</p>}
      {issue.isError && <p role="alert">{issue.error.message}</p>}
      {issue.data && (
        <CertificateView
          record={issue.data}
          alt={t('certificate.preview_alt_personal', {
            name: issue.data.holder,
            count: s?.completedCount ?? 0,
            code: issue.data.code,
          })}
        />
      )}
    </section>
  );
}
