import { formatDay } from '@portal/validators';
import { useT } from '../../lib/i18n.tsx';
import type { TTrainingCard } from './training-queries.ts';

type TDue = NonNullable<TTrainingCard['due']>;

const TEXT = {
  overdue: 'due_dates.overdue',
  due_soon: 'due_dates.due_soon',
  due_later: 'due_dates.due_on',
} as const;

/** Decoration only: the words say the state, the colour and the icon repeat it. */
function DueIcon({ state }: { state: TDue['state'] }) {
  return (
    <svg className="due-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {state === 'overdue' ? (
        <>
          <path d="M8 1.5 15 14H1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          <path d="M8 6v3.8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="11.9" r="1" fill="currentColor" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M8 4.5V8l2.5 1.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

/** The learner's due date of a course (issue 22): "Fällig bis …", "Bald fällig: bis …", "Überfällig – …". */
export function DueBadge({ due }: { due: TDue }) {
  const t = useT();
  return (
    <p className={`due due-${due.state.replace('_', '-')}`}>
      <DueIcon state={due.state} />
      <span>{t(TEXT[due.state], { date: formatDay(due.dueOn) })}</span>
    </p>
  );
}

/** Decoration only: two arrows in a circle, "again"; the words say it. */
function RefresherIcon() {
  return (
    <svg className="due-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M13.2 6.2A5.4 5.4 0 0 0 3.1 5M2.8 9.8A5.4 5.4 0 0 0 12.9 11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <path d="M2.6 2.4v2.9h2.9M13.4 13.6v-2.9h-2.9" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * A course reopened for the yearly renewal of the learner's certificate (ADR 033): "Auffrischung"
 * and what it asks, in words.
 */
export function RefresherBadge() {
  const t = useT();
  return (
    <div className="refresher">
      <p className="due due-refresher">
        <RefresherIcon />
        <span>{t('reminders.refresher')}</span>
      </p>
      <p className="refresher-hint">{t('reminders.refresher_hint')}</p>
    </div>
  );
}
