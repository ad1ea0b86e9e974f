import type { TMessageKey } from '@portal/i18n';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import type { TMockPart, TSpotTheSignsExercise } from './exercise-types.ts';
import { MockPart, type TPartOutcome } from './mock-part.tsx';

type TKind = TSpotTheSignsExercise['mock']['kind'];

/** The parts each kind of mock shows in its header; the rest is its body, in file order. */
const HEADER_ROLES: Record<TKind, readonly TMockPart['role'][]> = {
  email: ['sender', 'recipient', 'subject', 'time'],
  'web-page': ['address'],
  'text-message': ['sender'],
  chat: ['sender'],
};
const MOCK_NAME: Record<TKind, TMessageKey> = {
  email: 'exercise.mock_email',
  'web-page': 'exercise.mock_web_page',
  'text-message': 'exercise.mock_text_message',
  chat: 'exercise.mock_chat',
};
const ROW_LABEL: Partial<Record<TMockPart['role'], TMessageKey>> = {
  sender: 'exercise.from',
  recipient: 'exercise.to',
  subject: 'exercise.subject',
  time: 'exercise.sent',
  address: 'exercise.address',
};

/**
 * A mock e-mail, web page, text message or chat drawn from the content file. The learner marks
 * the parts that look suspicious, then checks: every sign is explained, found or missed.
 */
export function SpotTheSignsExercise({ exercise }: { exercise: TSpotTheSignsExercise }) {
  const { t } = useI18n();
  const [marks, setMarks] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState(false);
  const { kind, parts } = exercise.mock;
  const headerRoles = HEADER_ROLES[kind];
  const header = parts.filter((part) => headerRoles.includes(part.role));
  const body = parts.filter((part) => !headerRoles.includes(part.role));

  const toggle = (id: string) =>
    setMarks((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const outcome = (part: TMockPart): TPartOutcome => {
    if (!checked) return null;
    if (part.sign) return marks.has(part.id) ? 'found' : 'missed';
    return marks.has(part.id) ? 'harmless' : null;
  };
  // A sign counts as found when the learner marked any part that shows it.
  const foundSigns = exercise.signs.filter((sign) => parts.some((part) => part.sign === sign.id && marks.has(part.id)));
  const falseMarks = parts.filter((part) => !part.sign && marks.has(part.id)).length;
  const render = (part: TMockPart) => (
    <MockPart
      key={part.id}
      part={part}
      marked={marks.has(part.id)}
      outcome={outcome(part)}
      checked={checked}
      onToggle={() => toggle(part.id)}
    />
  );

  return (
    <div className="exercise spot">
      {!checked && <p className="hint">{t('exercise.mark_hint')}</p>}
      <fieldset className={`mock mock-kind-${kind}`}>
        <legend className="visually-hidden">{t(MOCK_NAME[kind])}</legend>
        <div className="mock-header">
          {header.map((part) => (
            <div className="mock-row" key={part.id}>
              {kind === 'email' || kind === 'web-page' ? (
                <span className="mock-label">{t(ROW_LABEL[part.role] ?? 'exercise.from')}</span>
              ) : null}
              {render(part)}
            </div>
          ))}
        </div>
        <div className="mock-body">{body.map(render)}</div>
      </fieldset>
      <div role="status" aria-live="polite" className="exercise-feedback-slot">
        {checked ? (
          <p className="verdict">
            {t('exercise.signs_result', { found: foundSigns.length, total: exercise.signs.length })}
            {falseMarks > 0 && <> {t('exercise.false_marks', { count: falseMarks })}</>}
          </p>
        ) : (
          <p className="hint">{t('exercise.marked', { count: marks.size })}</p>
        )}
      </div>
      {checked && (
        <section className="signs" aria-labelledby="signs-heading">
          <h2 id="signs-heading">{t('exercise.signs_heading')}</h2>
          <ul>
            {exercise.signs.map((sign) => {
              const found = foundSigns.includes(sign);
              return (
                <li key={sign.id} className={found ? 'sign-found' : 'sign-missed'}>
                  <strong>
                    {sign.label}{' '}
                    <span className={`part-tag tag-${found ? 'found' : 'missed'}`}>
                      {found ? t('exercise.found') : t('exercise.missed')}
                    </span>
                  </strong>
                  <p>{sign.explanation}</p>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {checked ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setMarks(new Set());
            setChecked(false);
          }}
        >
          {t('exercise.retry')}
        </button>
      ) : (
        <button type="button" className="button button-primary" onClick={() => setChecked(true)}>
          {t('exercise.check_marks')}
        </button>
      )}
    </div>
  );
}
