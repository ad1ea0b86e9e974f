import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useI18n } from '../../../lib/i18n.tsx';
import type { TSortExercise } from './exercise-types.ts';

/**
 * Sorting without drag and drop: each item is a radio group of the groups, so a mouse, a finger
 * and the keyboard (Tab to the item, arrows to the group) all work the same way.
 */
export function SortExercise({ exercise }: { exercise: TSortExercise }) {
  const { t } = useI18n();
  const [placed, setPlaced] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [hint, setHint] = useState(false);
  const groupLabel = (id: string) => exercise.groups.find((group) => group.id === id)?.label ?? id;
  const correct = exercise.items.filter((item) => placed[item.id] === item.group).length;
  const check = () => {
    const complete = exercise.items.every((item) => placed[item.id] !== undefined);
    setHint(!complete);
    setChecked(complete);
  };
  const retry = () => {
    setPlaced({});
    setChecked(false);
  };
  return (
    <div className="exercise sort">
      <ul className="sort-items">
        {exercise.items.map((item) => {
          const right = placed[item.id] === item.group;
          return (
            <li key={item.id} className={`sort-item${checked ? (right ? ' item-right' : ' item-wrong') : ''}`}>
              <RadioGroup
                className="sort-choice"
                orientation="horizontal"
                value={placed[item.id] ?? null}
                isReadOnly={checked}
                onChange={(group) => setPlaced((now) => ({ ...now, [item.id]: group }))}
              >
                <Label className="sort-item-text">{item.text}</Label>
                <div className="sort-groups">
                  {exercise.groups.map((group) => (
                    <Radio key={group.id} value={group.id} className="sort-group-option">
                      {group.label}
                    </Radio>
                  ))}
                </div>
              </RadioGroup>
              {checked && (
                <p className="sort-feedback">
                  <strong>
                    <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
                    {t('exercise.sort_belongs', { group: groupLabel(item.group) })}
                  </strong>{' '}
                  {item.explanation}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite" className="exercise-feedback-slot">
        {checked && (
          <p className={`verdict ${correct === exercise.items.length ? 'verdict-right' : ''}`}>
            {t('exercise.sort_result', { correct, total: exercise.items.length })}
          </p>
        )}
        {!checked && hint && <p className="field-error">{t('exercise.sort_all_first')}</p>}
      </div>
      {checked ? (
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('exercise.retry')}
        </button>
      ) : (
        <button type="button" className="button button-primary" onClick={check}>
          {t('exercise.check_sort')}
        </button>
      )}
    </div>
  );
}
