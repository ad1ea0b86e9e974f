import { useI18n } from '../../lib/i18n.tsx';
import { formatDateTime, kindLabel, type TFailedJob } from './job-format.ts';

/** Jobs that gave up after their last attempt (ADR 032), newest first, with their last error. */
export function FailedJobsTable({ failed }: { failed: TFailedJob[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="job-section" aria-labelledby="failed-jobs-title">
      <h2 id="failed-jobs-title">{t('admin_jobs.failed_title')}</h2>
      <p className="muted">{t('admin_jobs.failed_hint')}</p>
      {failed.length === 0 ? (
        <p className="notice">{t('admin_jobs.failed_empty')}</p>
      ) : (
        // Focusable so keyboard users can scroll a wide table (axe scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
        <div className="table-scroll" tabIndex={0}>
          <table className="table job-table" aria-labelledby="failed-jobs-title">
            <thead>
              <tr>
                <th scope="col">{t('admin_jobs.col_kind')}</th>
                <th scope="col">{t('admin_jobs.col_key')}</th>
                <th scope="col">{t('admin_jobs.col_attempts')}</th>
                <th scope="col">{t('admin_jobs.col_last_error')}</th>
                <th scope="col">{t('admin_jobs.col_finished')}</th>
              </tr>
            </thead>
            <tbody>
              {failed.map((job) => (
                <tr key={job.id}>
                  <th scope="row">{kindLabel(job.kind, t)}</th>
                  <td className="job-key">
                    <code className="job-code">{job.key}</code>
                  </td>
                  <td>{job.attempts}</td>
                  <td className="job-details">
                    {job.lastError === null ? (
                      <span className="muted">{t('admin_jobs.no_value')}</span>
                    ) : (
                      <p className="job-error">{job.lastError}</p>
                    )}
                  </td>
                  <td className="job-nowrap">
                    {job.finishedAt ? (
                      <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt, locale)}</time>
                    ) : (
                      <span className="muted">{t('admin_jobs.no_value')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
