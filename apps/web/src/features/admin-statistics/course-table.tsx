import { useT } from '../../lib/i18n.tsx';
import { type TOverallStats, useNumberFormat } from './stats-figures.tsx';

/** Every catalog course: today's state, the completion rate and the completions of the period. */
export function CourseTable({ stats }: { stats: TOverallStats }) {
  const t = useT();
  const { number, percent } = useNumberFormat();
  return (
    <section className="card" aria-labelledby="stats-courses">
      <h2 id="stats-courses">{t('admin_stats.courses_title')}</h2>
      <p className="muted">{t('admin_stats.per_course_hint')}</p>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('admin_stats.col_course')}</th>
              <th scope="col">{t('admin_stats.col_assigned')}</th>
              <th scope="col">{t('admin_stats.col_started')}</th>
              <th scope="col">{t('admin_stats.col_completed')}</th>
              <th scope="col">{t('admin_stats.col_completion_rate')}</th>
              <th scope="col">{t('admin_stats.col_completed_in_period')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.courses.map((course) => (
              <tr key={course.slug}>
                <th scope="row">{course.title}</th>
                <td>{number(course.assigned)}</td>
                <td>{number(course.started)}</td>
                <td>{number(course.completed)}</td>
                <td>
                  {course.assigned === 0
                    ? t('admin_stats.no_value')
                    : percent(Math.min(1, course.completed / course.assigned))}
                </td>
                <td>{number(course.completedInPeriod)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
