import { useId } from 'react';

/**
 * A native select for a list filter. Labelled by `for`, not by wrapping: a wrapping label would
 * add the chosen option to the field's accessible name ("AVV Alle" instead of "AVV").
 */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  /** A refusal of the chosen value, tied to the select for assistive technology. */
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
