import type { RouterOutputs } from '@portal/api';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';

type TStats = RouterOutputs['statistics']['company'];

/**
 * The charts are pictures for sighted people (aria-hidden, no keyboard layer); the same data is in
 * the table below each chart for screen readers and keyboard users.
 */

/** Colours of the portal (WCAG AA against white). */
const COLOURS = { assigned: '#9aa5b1', started: '#b35c00', completed: '#1b6e2d', line: '#0b4f8a' };

/** Completion per course as grouped bars, with the same data as a table for screen readers. */
export function CourseCompletionChart({ stats }: { stats: TStats }) {
  const t = useT();
  const data = stats.courses.map((course, index) => ({ ...course, label: String(index + 1) }));
  return (
    <figure className="chart card">
      <figcaption>
        <h2>{t('dashboard.per_course')}</h2>
      </figcaption>
      <div className="chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={320}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''} />
            <Legend />
            <Bar dataKey="assigned" name={t('dashboard.series_assigned')} fill={COLOURS.assigned} />
            <Bar dataKey="started" name={t('dashboard.series_started')} fill={COLOURS.started} />
            <Bar dataKey="completed" name={t('dashboard.series_completed')} fill={COLOURS.completed} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('dashboard.as_table')}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('course_settings.col_number')}</th>
              <th scope="col">{t('course_settings.col_course')}</th>
              <th scope="col">{t('dashboard.series_assigned')}</th>
              <th scope="col">{t('dashboard.series_started')}</th>
              <th scope="col">{t('dashboard.series_completed')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((course) => (
              <tr key={course.slug}>
                <td>{course.label}</td>
                <th scope="row">{course.title}</th>
                <td>{course.assigned}</td>
                <td>{course.started}</td>
                <td>{course.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Running total of completed courses per week. */
export function CompletionsOverTimeChart({ stats }: { stats: TStats }) {
  const t = useT();
  const data = stats.completionsOverTime.map((week) => ({ ...week, label: formatDate(week.weekStart).slice(0, 6) }));
  return (
    <figure className="chart card">
      <figcaption>
        <h2>{t('dashboard.over_time')}</h2>
        <p className="muted">{t('dashboard.over_time_hint')}</p>
      </figcaption>
      <div className="chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Line
              type="monotone"
              dataKey="cumulative"
              name={t('dashboard.series_cumulative')}
              stroke={COLOURS.line}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('dashboard.as_table')}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.week_of', { date: '' }).trim()}</th>
              <th scope="col">{t('dashboard.series_completed')}</th>
              <th scope="col">{t('dashboard.series_cumulative')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.completionsOverTime.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatDate(week.weekStart)}</th>
                <td>{week.completed}</td>
                <td>{week.cumulative}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
