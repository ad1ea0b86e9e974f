import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useMe } from '../shell/use-me.ts';
import { CompletionsOverTimeChart, CourseCompletionChart } from './dashboard-charts.tsx';
import { FigureCard } from './figure-card.tsx';
import { PhishingTrend } from './phishing-trend.tsx';

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** `/dashboard`: the figures of spec §3 and two charts (the route chunk loads recharts lazily). */
export default function DashboardPage() {
  const { t, locale } = useI18n();
  const stats = trpc.statistics.company.useQuery({ lang: locale });
  // Phishing simulations are the policyholder's alone (ADR 036); managers see no trend.
  const isEmployer = useMe().data?.role === 'employer';
  if (stats.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!stats.data) return null;
  const s = stats.data;
  const of = t('dashboard.of_learners', { total: s.learners });
  return (
    <section className="page">
      <h1>{t('pages.dashboard')}</h1>
      <p className="muted">{t('dashboard.intro')}</p>
      {s.learners === 0 ? (
        <p className="notice">{t('dashboard.empty')}</p>
      ) : (
        <>
          <div className="figures">
            <FigureCard label={t('dashboard.learners')} value={String(s.learners)} />
            <FigureCard label={t('dashboard.started')} value={String(s.startedAtLeastOne)} detail={of} />
            <FigureCard label={t('dashboard.completed_all')} value={String(s.completedAllAssigned)} detail={of} />
            <FigureCard label={t('due_dates.dashboard_overdue')} value={String(s.overdue)} detail={of} />
            <FigureCard label={t('due_dates.dashboard_due_soon')} value={String(s.dueSoon)} detail={of} />
            <FigureCard
              label={t('due_dates.dashboard_absent')}
              value={String(s.absent)}
              detail={t('due_dates.dashboard_absent_hint')}
            />
            <FigureCard
              label={t('dashboard.average_time')}
              value={t('dashboard.minutes', { minutes: Math.round(s.averageWorkingSeconds / 60) })}
            />
            <FigureCard label={t('dashboard.repeated_quiz')} value={String(s.repeatedQuiz)} detail={of} />
            <FigureCard label={t('dashboard.repeated_module')} value={String(s.repeatedModule)} detail={of} />
            <FigureCard
              label={t('dashboard.average_score')}
              value={s.averageQuizScore === null ? t('dashboard.no_value') : `${Math.round(s.averageQuizScore)} %`}
            />
            <FigureCard
              label={t('dashboard.attention')}
              value={s.averageAttention === null ? t('dashboard.no_value') : percent(s.averageAttention)}
              detail={t('dashboard.attention_hint')}
            />
          </div>
          <div className="charts">
            <CourseCompletionChart stats={s} />
            <CompletionsOverTimeChart stats={s} />
            {isEmployer && <PhishingTrend />}
          </div>
        </>
      )}
    </section>
  );
}
