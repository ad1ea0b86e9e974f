import './admin-statistics.css';
import { keepPreviousData } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { saveBlob } from '../../lib/download-file.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { CourseTable } from './course-table.tsx';
import { statsInput } from './period.ts';
import { PeriodForm } from './period-form.tsx';
import { PhishingCustomersCard } from './phishing-customers-card.tsx';
import { CourseChart, SeriesCharts } from './stats-charts.tsx';
import { statsCsv } from './stats-csv.ts';
import { StatsFigures, type TOverallStats } from './stats-figures.tsx';

const nothingHappened = ({ companies, trainings, certificates }: TOverallStats) =>
  companies.registered + companies.active + trainings.started + trainings.completed + certificates.total === 0;

/**
 * `/admin/statistics`: figures, charts and the per-course table over a period, and the same as a
 * CSV file. The period lives in the address (`?from=…&to=…`), so the route loader prefetches it,
 * a reload keeps it and the browser's back button goes to the previous one.
 */
export default function AdminStatisticsPage() {
  const { t, locale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const input = statsInput(search);
  // While another period loads, the old figures stay instead of a blank page.
  const stats = trpc.statistics.overall.useQuery(input, { placeholderData: keepPreviousData });
  const data = stats.data;

  const exportCsv = () => {
    if (!data) return;
    const csv = statsCsv(data, t, locale === 'de' ? ',' : '.');
    saveBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      t('admin_stats.export_file', { from: data.period.from, to: data.period.to }),
    );
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>{t('pages.statistics')}</h1>
          <p className="muted">{t('admin_stats.intro')}</p>
        </div>
        <Button className="button button-secondary" isDisabled={!data || stats.isError} onPress={exportCsv}>
          {t('admin_stats.export_csv')}
        </Button>
      </div>
      <PeriodForm
        key={`${input.from}/${input.to}`}
        period={input}
        onChange={(period) => setSearch({ from: period.from, to: period.to })}
      />
      {stats.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : stats.isError ? (
        <div className="notice notice-error" role="alert">
          <p>{errorMessage(stats.error) ?? t('admin_stats.load_failed')}</p>
          <Button className="button button-secondary" onPress={() => stats.refetch()}>
            {t('admin_stats.retry')}
          </Button>
        </div>
      ) : data ? (
        <div aria-busy={stats.isPlaceholderData}>
          <p role="status">
            {stats.isPlaceholderData
              ? t('app.loading')
              : t('admin_stats.showing', { from: formatDate(data.period.from), to: formatDate(data.period.to) })}
          </p>
          <StatsFigures stats={data} />
          {nothingHappened(data) ? (
            <p className="notice">{t('admin_stats.empty')}</p>
          ) : (
            <div className="charts">
              <SeriesCharts stats={data} />
            </div>
          )}
          <div className="charts stats-section">
            <CourseChart stats={data} />
            <CourseTable stats={data} />
          </div>
        </div>
      ) : null}
      <PhishingCustomersCard />
    </section>
  );
}
