import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { BarChartFigure, COLOURS, type TChartRow } from './bar-chart-figure.tsx';
import type { TOverallStats } from './stats-figures.tsx';

type TBucket = TOverallStats['series'][number];
type TCount = Exclude<keyof TBucket, 'start' | 'end'>;

/** "03.2026" for a month, "16.11." for a week: short enough for the axis. */
const axisLabel = (bucket: TBucket, granularity: TOverallStats['period']['granularity']) =>
  granularity === 'month' ? formatDate(bucket.start).slice(3) : formatDate(bucket.start).slice(0, 6);

function useSeriesRows<K extends TCount>(stats: TOverallStats, keys: K[]): TChartRow<K>[] {
  const t = useT();
  return stats.series.map((bucket) => ({
    id: bucket.start,
    axis: axisLabel(bucket, stats.period.granularity),
    label: t('admin_stats.range', { from: formatDate(bucket.start), to: formatDate(bucket.end) }),
    values: Object.fromEntries(keys.map((key) => [key, bucket[key]])) as Record<K, number>,
  }));
}

/** Started and completed courses per week or month; registrations and certificates in a second chart (other scale). */
export function SeriesCharts({ stats }: { stats: TOverallStats }) {
  const t = useT();
  const hint = t(stats.period.granularity === 'week' ? 'admin_stats.over_time_week' : 'admin_stats.over_time_month');
  const trainings = useSeriesRows(stats, ['started', 'completed']);
  const companies = useSeriesRows(stats, ['registrations', 'certificates']);
  return (
    <>
      <BarChartFigure
        title={t('admin_stats.over_time')}
        hint={hint}
        rowHeader={t('admin_stats.col_period')}
        rows={trainings}
        bars={[
          { key: 'started', name: t('admin_stats.series_started'), colour: COLOURS.orange },
          { key: 'completed', name: t('admin_stats.series_completed'), colour: COLOURS.green },
        ]}
      />
      <BarChartFigure
        title={t('admin_stats.over_time_companies')}
        hint={hint}
        rowHeader={t('admin_stats.col_period')}
        rows={companies}
        bars={[
          { key: 'registrations', name: t('admin_stats.series_registrations'), colour: COLOURS.blue },
          { key: 'certificates', name: t('admin_stats.series_certificates'), colour: COLOURS.purple },
        ]}
      />
    </>
  );
}

/** Assigned, started and completed per course (today's state over all companies). */
export function CourseChart({ stats }: { stats: TOverallStats }) {
  const t = useT();
  const rows = stats.courses.map((course, index) => ({
    id: course.slug,
    axis: String(index + 1),
    label: course.title,
    values: { assigned: course.assigned, started: course.started, completed: course.completed },
  }));
  return (
    <BarChartFigure
      title={t('admin_stats.per_course')}
      hint={t('admin_stats.per_course_hint')}
      rowHeader={t('admin_stats.col_course')}
      rows={rows}
      bars={[
        { key: 'assigned', name: t('admin_stats.col_assigned'), colour: COLOURS.grey },
        { key: 'started', name: t('admin_stats.col_started'), colour: COLOURS.orange },
        { key: 'completed', name: t('admin_stats.col_completed'), colour: COLOURS.green },
      ]}
    />
  );
}
