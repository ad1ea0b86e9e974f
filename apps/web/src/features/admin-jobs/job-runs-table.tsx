import type { TMessageKey } from '@portal/i18n';
import { useI18n } from '../../lib/i18n.tsx';
import {
  formatDateTime,
  formatDuration,
  kindLabel,
  outputEntries,
  runState,
  type TJobRun,
  type TRunState,
} from './job-format.ts';

const RESULT_LABELS: Record<TRunState, TMessageKey> = {
  running: 'admin_jobs.result_running',
  succeeded: 'admin_jobs.result_succeeded',
  failed: 'admin_jobs.result_failed',
  lease_expired: 'admin_jobs.result_lease_expired',
};

/**
 * What a run left: the handler's counts as a short list when it succeeded, the error when it failed
 * (the runner records one or the other), or the output as it came when it is not an object of counts.
 */
function RunDetails({ run }: { run: TJobRun }) {
  const { t, locale } = useI18n();
  if (run.output === null && run.error === null) return <span className="muted">{t('admin_jobs.no_value')}</span>;
  const entries = run.output === null ? null : outputEntries(run.output, locale, t);
  return (
    <>
      {run.error !== null && <p className="job-error">{run.error}</p>}
      {entries !== null ? (
        <ul className="job-output">
          {entries.map((entry) => (
            <li key={entry.key}>
              {entry.label}: <strong>{entry.value}</strong>
            </li>
          ))}
        </ul>
      ) : (
        run.output !== null && <code className="job-code">{run.output}</code>
      )}
    </>
  );
}

/** The latest runs, newest first (ADR 032): what ran where, when, for how long, and how it ended. */
export function JobRunsTable({ runs }: { runs: TJobRun[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="job-section" aria-labelledby="job-runs-title">
      <h2 id="job-runs-title">{t('admin_jobs.runs_title')}</h2>
      <p className="muted">{t('admin_jobs.runs_hint')}</p>
      {runs.length === 0 ? (
        <p className="notice">{t('admin_jobs.runs_empty')}</p>
      ) : (
        // Focusable so keyboard users can scroll a wide table (axe scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
        <div className="table-scroll" tabIndex={0}>
          <table className="table job-table" aria-labelledby="job-runs-title">
            <thead>
              <tr>
                <th scope="col">{t('admin_jobs.col_kind')}</th>
                <th scope="col">{t('admin_jobs.col_result')}</th>
                <th scope="col">{t('admin_jobs.col_started')}</th>
                <th scope="col">{t('admin_jobs.col_duration')}</th>
                <th scope="col">{t('admin_jobs.col_attempt')}</th>
                <th scope="col">{t('admin_jobs.col_details')}</th>
                <th scope="col">{t('admin_jobs.col_owner')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => {
                const state = runState(run);
                return (
                  <tr key={run.id}>
                    <th scope="row">{kindLabel(run.kind, t)}</th>
                    <td>
                      <span className={`status job-result job-result-${state}`}>{t(RESULT_LABELS[state])}</span>
                    </td>
                    <td className="job-nowrap">
                      <time dateTime={run.startedAt}>{formatDateTime(run.startedAt, locale)}</time>
                    </td>
                    <td className="job-nowrap">
                      {run.endedAt ? formatDuration(run.startedAt, run.endedAt, locale) : t('admin_jobs.running')}
                    </td>
                    <td>{run.attempt}</td>
                    <td className="job-details">
                      <RunDetails run={run} />
                    </td>
                    <td className="job-owner">
                      <code className="job-code">{run.owner}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
