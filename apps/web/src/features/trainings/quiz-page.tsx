import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { CourseProgressBar } from './course-progress-bar.tsx';
import { QuizFeedback, QuizQuestionForm } from './quiz-question.tsx';
import { QuizResult } from './quiz-result.tsx';
import { quizPath, slidePath } from './training-queries.ts';
import { useLearningClock } from './use-learning-clock.ts';

/** `/trainings/{slug}/quiz/{step}`: question `step` of the attempt, or `result`. */
export default function QuizPage() {
  const { t, locale } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const { slug = '', step = '1' } = useParams();
  const utils = trpc.useUtils();
  const training = trpc.trainings.get.useQuery({ slug, lang: locale });
  const quiz = trpc.progress.getQuiz.useQuery({ slug });
  const answer = trpc.progress.answer.useMutation({
    onSuccess: (result) => utils.progress.getQuiz.setData({ slug }, result.quiz),
  });
  const save = trpc.progress.save.useMutation();
  const clock = useLearningClock('quiz');
  const heading = useRef<HTMLHeadingElement>(null);

  // Working time counts in the quiz too; it is saved with each answer.
  const saveTime = () => {
    const seconds = Object.values(clock.take()).reduce((sum, s) => sum + s, 0);
    const progress = utils.progress.getSingle.getData({ slug });
    if (seconds > 0 && progress) {
      save.mutate({
        trainingSlug: slug,
        slideIndex: progress.slideIndex,
        workingSeconds: Math.min(seconds, 900),
        slideSeconds: {},
      });
    }
  };

  useEffect(() => {
    heading.current?.focus();
  }, []);

  if (quiz.isPending || training.isPending) return <p role="status">{t('app.loading')}</p>;
  const data = quiz.data;
  if (!data) return <Navigate to={slidePath(slug, 0)} replace />;
  const total = data.questions.length;
  const answered = data.feedback.length;
  const title = `${t('training.quiz_title')}: ${training.data?.title ?? ''}`;

  if (step === 'result') {
    if (!data.finished) return <Navigate to={quizPath(slug, answered + 1)} replace />;
    return <QuizResult slug={slug} quiz={data} title={title} />;
  }

  const number = Number.parseInt(step, 10);
  const question = data.questions[number - 1];
  if (!question || number > answered + 1)
    return <Navigate to={quizPath(slug, Math.min(answered + 1, total))} replace />;
  const feedback = data.feedback.find((f) => f.questionId === question.id);

  const submit = async (answerIds: string[]) => {
    try {
      saveTime();
      await answer.mutateAsync({ trainingSlug: slug, questionId: question.id, answerIds });
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
      await quiz.refetch();
    }
  };

  return (
    <article className="player" aria-labelledby="quiz-title">
      <header className="player-header">
        <h1 id="quiz-title" ref={heading} tabIndex={-1} className="player-course">
          {title}
        </h1>
        {number === 1 && !feedback && (
          <p className="muted">{t('training.quiz_intro', { count: total, percent: data.passPercent })}</p>
        )}
        <CourseProgressBar
          label={t('training.question_of', { current: number, total })}
          value={Math.round((answered / total) * 100)}
          valueText={`${answered} / ${total}`}
        />
      </header>
      <div className="slide card" key={question.id}>
        {feedback ? (
          <QuizFeedback question={question} feedback={feedback} />
        ) : (
          <QuizQuestionForm question={question} isPending={answer.isPending} onAnswer={(ids) => void submit(ids)} />
        )}
      </div>
      {feedback && (
        <nav className="player-nav" aria-label={t('training.question_of', { current: number, total })}>
          <Link to="/trainings" className="button button-ghost">
            {t('training.back_to_list')}
          </Link>
          {number < total ? (
            <Button
              className="button button-primary"
              onPress={() => void navigate(quizPath(slug, number + 1))}
              autoFocus
            >
              {t('training.next_question')} →
            </Button>
          ) : (
            <Button className="button button-primary" onPress={() => void navigate(quizPath(slug, 'result'))} autoFocus>
              {t('training.show_result')} →
            </Button>
          )}
        </nav>
      )}
    </article>
  );
}
