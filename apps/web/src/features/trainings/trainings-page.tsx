import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { PhishingNotice } from '../phishing/phishing-notice.tsx';
import { CourseProgressBar } from './course-progress-bar.tsx';
import { DueBadge, RefresherBadge } from './due-badge.tsx';
import { TakeawayButton } from './takeaway-button.tsx';
import { slidePath, type TTrainingCard } from './training-queries.ts';

const STATUS_KEY = {
  assigned: 'training.status_assigned',
  started: 'training.status_started',
  completed: 'training.status_completed',
} as const;

function TrainingCard({ card, index }: { card: TTrainingCard; index: number }) {
  const { t } = useI18n();
  const { progress } = card;
  const action =
    progress.status === 'completed'
      ? t('training.review')
      : progress.status === 'started'
        ? t('training.resume')
        : t('training.start');
  const target = progress.status === 'completed' ? slidePath(card.slug, 0) : `/trainings/${card.slug}`;
  return (
    // Spec §7: the list is presented with a 150 ms delay; a staggered fade makes it a transition.
    <li className="training-card card" style={{ animationDelay: `${150 + index * 40}ms` }}>
      <img src={card.image} alt={card.imageAlt} width={640} height={360} className="training-card-image" />
      <div className="training-card-body">
        <h2 className="training-card-title">{card.title}</h2>
        <p className="muted">{card.summary}</p>
        <p className="training-card-facts">
          <span className={`status status-${progress.status}`}>{t(STATUS_KEY[progress.status])}</span>
          <span className="muted">{t('training.minutes', { minutes: card.estimatedMinutes })}</span>
        </p>
        {progress.cycle > 1 && progress.status !== 'completed' && <RefresherBadge />}
        {card.due && <DueBadge due={card.due} />}
        <CourseProgressBar
          label={t('training.progress_label')}
          value={progress.percent}
          valueText={t('training.progress_value', { percent: progress.percent })}
        />
        <Link
          to={target}
          className="button button-primary"
          aria-label={`${action}: ${card.title}`}
          data-testid={`open-${card.slug}`}
        >
          {action}
        </Link>
        {progress.status === 'completed' && (
          <TakeawayButton slug={card.slug} courseTitle={card.title} className="button button-ghost" />
        )}
      </div>
    </li>
  );
}

/** `/trainings`: the learner's assigned courses. */
export default function TrainingsPage() {
  const { t, locale } = useI18n();
  const list = trpc.trainings.list.useQuery({ lang: locale });
  return (
    <section className="page">
      <h1>{t('pages.my_trainings')}</h1>
      <p className="muted">{t('training.list_intro')}</p>
      {list.isPending && <p role="status">{t('app.loading')}</p>}
      {list.data?.length === 0 && <p className="notice">{t('training.empty')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="training-grid">
          {list.data.map((card, index) => (
            <TrainingCard key={card.slug} card={card} index={index} />
          ))}
        </ul>
      )}
      <PhishingNotice />
    </section>
  );
}
