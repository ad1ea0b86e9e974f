import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { CourseProgressBar } from './course-progress-bar.tsx';
import { SlideBody } from './slide-body.tsx';
import { quizPath, slidePath } from './training-queries.ts';
import { useProgressSaver } from './use-progress-saver.ts';

/*
 * Exercises (and react-aria's radio groups they use) are a chunk of their own: a text slide, the
 * most common kind, paints without them (Lighthouse: first paint 0.5 s later with them inside).
 */
const loadExercise = () => import('./exercises/slide-exercise.tsx');
const SlideExercise = lazy(() => loadExercise().then((module) => ({ default: module.SlideExercise })));

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** `/trainings/{slug}/{slide}`: one slide, arrows to move, the quiz after the last slide. */
export default function SlidePlayerPage() {
  const { t, locale } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const { slug = '', slide = '1' } = useParams();
  const training = trpc.trainings.get.useQuery({ slug, lang: locale });
  const slides = training.data?.slides ?? [];
  const slideIds = slides.map((s) => s.id);
  const index = Math.min(Math.max(Number.parseInt(slide, 10) - 1 || 0, 0), Math.max(slides.length - 1, 0));
  const current = slides[index];
  const isLast = index === slides.length - 1;
  const { flush } = useProgressSaver(slug, slideIds, index);
  const utils = trpc.useUtils();
  const startQuiz = trpc.progress.startQuiz.useMutation();
  const heading = useRef<HTMLHeadingElement>(null);

  const goToQuiz = async () => {
    try {
      await flush();
      const quiz = await startQuiz.mutateAsync({ trainingSlug: slug });
      utils.progress.getQuiz.setData({ slug }, quiz);
      await navigate(quizPath(slug, Math.min(quiz.feedback.length + 1, quiz.questions.length)));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  // Arrow keys move between slides (not while typing somewhere). The listener reads the slide from
  // a ref: a key pressed right after a slide change must not act on the previous slide.
  const lastIndex = slides.length - 1;
  const position = useRef({ index, lastIndex, slug });
  // Only a newly rendered slide resets it: a re-render of the slide still shown (a query update
  // while the next navigation is pending) must not undo a key already pressed.
  const rendered = useRef({ index, slug });
  if (rendered.current.index !== index || rendered.current.slug !== slug) {
    rendered.current = { index, slug };
    position.current = { index, lastIndex, slug };
  }
  position.current.lastIndex = lastIndex;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const at = position.current;
      const step =
        event.key === 'ArrowRight' && at.index < at.lastIndex ? 1 : event.key === 'ArrowLeft' && at.index > 0 ? -1 : 0;
      if (step === 0) return;
      // Move the ref at once: a second key pressed before the next slide renders goes one further.
      position.current = { ...at, index: at.index + step };
      void navigate(slidePath(at.slug, at.index + step));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  // Fetch the exercise code one slide ahead, so it is there when the exercise comes. Not on every
  // slide of a course that has exercises: evaluating it takes the main thread of a learner who has
  // just opened a text slide (a long task on a slow phone, Lighthouse's blocking time, ADR 038).
  const exerciseNear = Boolean(current?.exercise || slides[index + 1]?.exercise);
  useEffect(() => {
    if (exerciseNear) void loadExercise();
  }, [exerciseNear]);

  // A new slide takes the focus to its heading, so screen readers read it from the top.
  useEffect(() => {
    if (current) heading.current?.focus();
  }, [current]);

  if (training.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!training.data || !current) return null;
  const percent = Math.round(((index + 1) / slides.length) * 100);

  return (
    <article className="player" aria-labelledby="slide-title">
      <header className="player-header">
        <p className="player-course">{training.data.title}</p>
        <CourseProgressBar
          label={t('training.slide_of', { current: index + 1, total: slides.length })}
          value={percent}
          valueText={`${percent} %`}
        />
      </header>
      <div className="slide card" key={current.id}>
        {current.exercise && <p className="exercise-badge">{t('exercise.badge')}</p>}
        <h1 id="slide-title" ref={heading} tabIndex={-1}>
          {current.title}
        </h1>
        <img
          src={current.image}
          alt={current.imageAlt}
          // On an exercise the picture gives way to the task: smaller, so the task starts higher.
          className={current.exercise ? 'slide-image slide-image-small' : 'slide-image'}
          fetchPriority="high"
          width={640}
          height={360}
        />
        <SlideBody html={current.html} />
        {current.exercise && (
          <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
            <SlideExercise exercise={current.exercise} />
          </Suspense>
        )}
        {isLast && training.data.sources.length > 0 && (
          <details className="sources">
            <summary>{t('training.sources')}</summary>
            <ul>
              {training.data.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} target="_blank" rel="noreferrer noopener">
                    {source.publisher}: {source.title}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <nav className="player-nav" aria-label={t('training.slide_of', { current: index + 1, total: slides.length })}>
        {index > 0 ? (
          <Link to={slidePath(slug, index - 1)} className="button button-secondary">
            ← {t('training.previous')}
          </Link>
        ) : (
          <Link to="/trainings" className="button button-ghost">
            {t('training.back_to_list')}
          </Link>
        )}
        {isLast ? (
          <Button className="button button-primary" onPress={() => void goToQuiz()} isDisabled={startQuiz.isPending}>
            {t('training.to_quiz')} →
          </Button>
        ) : (
          <Link to={slidePath(slug, index + 1)} className="button button-primary">
            {t('training.next')} →
          </Link>
        )}
      </nav>
      <p className="hint">{t('training.keyboard_hint')}</p>
    </article>
  );
}
