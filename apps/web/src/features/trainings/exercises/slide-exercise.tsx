import { useI18n } from '../../../lib/i18n.tsx';
import type { TExercise } from './exercise-types.ts';
import { ScenarioExercise } from './scenario-exercise.tsx';
import { SortExercise } from './sort-exercise.tsx';
import { SpotTheSignsExercise } from './spot-the-signs-exercise.tsx';

/** The exercise of an interactive slide, under its situation or instruction. Never graded. */
export function SlideExercise({ exercise }: { exercise: TExercise }) {
  const { t } = useI18n();
  return (
    <>
      {exercise.type === 'scenario' && <ScenarioExercise exercise={exercise} />}
      {exercise.type === 'spot-the-signs' && <SpotTheSignsExercise exercise={exercise} />}
      {exercise.type === 'sort' && <SortExercise exercise={exercise} />}
      <p className="hint exercise-practice">{t('exercise.practice_hint')}</p>
    </>
  );
}
