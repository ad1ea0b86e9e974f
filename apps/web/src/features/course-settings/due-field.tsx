import { formatDay, isCalendarDay } from '@portal/validators';
import { useId } from 'react';
import { inputIssues } from '../../lib/input-issues.ts';
import { errorMessage } from '../../lib/trpc.ts';

/**
 * The translated reason a due-date call was refused: a refused input (zod) answers the generic
 * "invalid input" as its message and the field's own text among its issues, so that one is shown.
 */
export function refusal(error: unknown): string | null {
  return inputIssues(error)[0]?.message ?? errorMessage(error);
}

/**
 * `YYYY-MM-DD` from a day typed as D.M.YYYY or DD.MM.YYYY (DECISIONS.md: dates read DD.MM.YYYY in
 * both languages, so the field takes them that way, as the statistics period does); null when the
 * text is no calendar day.
 */
export function dayFromInput(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/** What a day field shows for a stored day (empty for none). */
export const inputFromDay = (day: string | null | undefined) => (day ? formatDay(day) : '');

/**
 * A labelled text field for a day or a number of days, built like the app's other native fields
 * (components/form-fields.tsx): hint and error tied to the input, the error announced when it
 * appears (dialogs show the server's translated answer here).
 */
export function DueField({
  label,
  value,
  onChange,
  hint,
  error,
  isRequired,
  inputMode = 'text',
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | null | undefined;
  isRequired?: boolean;
  inputMode?: 'text' | 'numeric';
  autoFocus?: boolean;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field" data-required={isRequired || undefined} data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input due-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={inputMode}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the dialog's one field, focused as the dialog opens
        autoFocus={autoFocus}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-invalid={error ? true : undefined}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A native field's hint and error, tied to its input as `${id}-hint` and `${id}-error` (the input's
 * aria-describedby names them); the error is announced when it appears.
 */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | null | undefined;
}) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="field-description">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
