import { useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import type { TScenarioExercise } from './exercise-types.ts';

/**
 * A situation's choices as buttons: picking one shows its feedback at once, and the learner may
 * go on to read what the other choices would have led to.
 */
export function ScenarioExercise({ exercise }: { exercise: TScenarioExercise }) {
  const { t } = useI18n();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = exercise.choices.find((choice) => choice.id === chosenId);
  return (
    <div className="exercise scenario">
      <p className="exercise-prompt" id="scenario-prompt">
        {exercise.prompt}
      </p>
      <ul className="scenario-choices" aria-labelledby="scenario-prompt">
        {exercise.choices.map((choice) => {
          const isChosen = choice.id === chosenId;
          const verdict = isChosen ? (choice.correct ? 'choice-good' : 'choice-bad') : '';
          return (
            <li key={choice.id}>
              <button
                type="button"
                className={`scenario-choice ${verdict}`}
                aria-pressed={isChosen}
                onClick={() => setChosenId(choice.id)}
              >
                {choice.text}
              </button>
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite" className="exercise-feedback-slot">
        {chosen && (
          <div className={`exercise-feedback ${chosen.correct ? 'feedback-good' : 'feedback-bad'}`}>
            <p className="verdict">
              <span aria-hidden="true">{chosen.correct ? '✓ ' : '✗ '}</span>
              {chosen.correct ? t('exercise.good_choice') : t('exercise.bad_choice')}
            </p>
            <p>{chosen.feedback}</p>
            <p className="hint">{t('exercise.try_others')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
