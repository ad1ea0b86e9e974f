import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { TakeawayButton } from './takeaway-button.tsx';
import { quizPath, slidePath, type TQuiz } from './training-queries.ts';

/** Passed: done. Failed: repeat the quiz, repeat the module or end it (DECISIONS.md). */
export function QuizResult({ slug, quiz, title }: { slug: string; quiz: TQuiz; title: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const startQuiz = trpc.progress.startQuiz.useMutation();
  const repeatModule = trpc.progress.repeatModule.useMutation();
  const score = quiz.score ?? 0;

  // The list and the progress changed with the last answer.
  useEffect(() => {
    void utils.trainings.list.invalidate();
    void utils.progress.getSingle.invalidate({ slug });
  }, [utils, slug]);

  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
  const repeatQuiz = async () => {
    try {
      const next = await startQuiz.mutateAsync({ trainingSlug: slug });
      utils.progress.getQuiz.setData({ slug }, next);
      await navigate(quizPath(slug, 1));
    } catch (error) {
      fail(error);
    }
  };
  const restartModule = async () => {
    try {
      await repeatModule.mutateAsync({ trainingSlug: slug });
      await utils.progress.getSingle.invalidate({ slug });
      await navigate(slidePath(slug, 0));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <article className="player" aria-labelledby="result-title">
      <p className="player-course">{title}</p>
      <div className={`slide card result ${quiz.passed ? 'result-passed' : 'result-failed'}`}>
        <h1 id="result-title">{quiz.passed ? t('training.passed_title') : t('training.failed_title')}</h1>
        <p>
          {quiz.passed
            ? t('training.passed_text', { score })
            : t('training.failed_text', { score, percent: quiz.passPercent })}
        </p>
        {quiz.passed ? (
          <div className="button-row">
            <Link to="/trainings" className="button button-primary">
              {t('training.back_to_list')}
            </Link>
            <TakeawayButton slug={slug} />
          </div>
        ) : (
          <div className="button-row">
            <Button
              className="button button-primary"
              onPress={() => void repeatQuiz()}
              isDisabled={startQuiz.isPending}
            >
              {t('training.repeat_quiz')}
            </Button>
            <Button
              className="button button-secondary"
              onPress={() => void restartModule()}
              isDisabled={repeatModule.isPending}
            >
              {t('training.repeat_module')}
            </Button>
            <Link to="/trainings" className="button button-ghost">
              {t('training.end_module')}
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
