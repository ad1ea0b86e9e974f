import './admin-jobs.css';
import { Button } from 'react-aria-components';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { FigureCard } from '../dashboard/figure-card.tsx';
import { FailedJobsTable } from './failed-jobs-table.tsx';
import { formatDateTime } from './job-format.ts';
import { JobRunsTable } from './job-runs-table.tsx';

/**
 * `/admin/jobs`: the portal's scheduled work (ADR 032): how many jobs wait and how many of them are
 * due, the latest runs and the jobs that gave up. The route loader preloads the same query (the
 * server's default number of runs); "Neu laden" asks again.
 */
export default function AdminJobsPage() {
  const { t, locale } = useI18n();
  const jobs = trpc.admin.jobs.useQuery({});
  const data = jobs.data;
  const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB');

  return (
    <section className="page">
      <h1>{t('pages.jobs')}</h1>
      <p className="muted">{t('admin_jobs.intro')}</p>
      <div className="job-toolbar">
        <Button className="button button-secondary" isPending={jobs.isFetching} onPress={() => jobs.refetch()}>
          {t('admin_jobs.reload')}
        </Button>
        {/* Loading, then the time of the answer shown: a reload that changes nothing still answers. */}
        <p role="status" className="muted">
          {jobs.isFetching
            ? t('app.loading')
            : jobs.isSuccess &&
              t('admin_jobs.updated_at', { time: formatDateTime(new Date(jobs.dataUpdatedAt).toISOString(), locale) })}
        </p>
      </div>
      {/* While the first answer loads, the status above says so. */}
      {jobs.isError ? (
        <div className="notice notice-error" role="alert">
          <p>{errorMessage(jobs.error) ?? t('admin_jobs.load_failed')}</p>
          <Button className="button button-secondary" onPress={() => jobs.refetch()}>
            {t('admin_jobs.retry')}
          </Button>
        </div>
      ) : data ? (
        <div aria-busy={jobs.isFetching}>
          <section className="job-section" aria-labelledby="job-queue-title">
            <h2 id="job-queue-title">{t('admin_jobs.queue_title')}</h2>
            <div className="figures">
              <FigureCard label={t('admin_jobs.pending')} value={number.format(data.pending)} />
              <FigureCard
                label={t('admin_jobs.due')}
                value={number.format(data.due)}
                detail={t('admin_jobs.due_hint')}
              />
            </div>
          </section>
          <JobRunsTable runs={data.runs} />
          <FailedJobsTable failed={data.failed} />
        </div>
      ) : null}
    </section>
  );
}
