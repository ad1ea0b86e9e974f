import { type ReactNode, useId, useRef, useState } from 'react';
import { useT } from '../lib/i18n.tsx';
import { textOf, useEarlyInput } from '../lib/use-early-input.ts';

interface TFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'number';
  /** Bounds of a date or number field. */
  min?: number | string;
  max?: number | string;
  autoComplete?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
  description?: string;
  name?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  /** Values the browser offers while typing (a native `<datalist>`); any other text stays allowed. */
  suggestions?: readonly string[];
}

/*
 * Text fields are native inputs with their label, hint and error tied to them by id: the browser
 * has the whole behaviour of a text field, and the sign-in page, the first page most people see,
 * loads no widget library for its two fields (ADR 027). Widgets the browser does not have
 * (dialogs, menus, combo boxes, checkbox groups) stay on react-aria-components (ADR 011).
 */

/** Label, input (as `children`), hint and error of one field, wired for assistive technology. */
function Field({
  id,
  label,
  description,
  error,
  isRequired,
  children,
}: {
  id: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  isRequired?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field" data-required={isRequired || undefined} data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {description && (
        <span id={`${id}-hint`} className="field-description">
          {description}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The input's own attributes: required, invalid and described by its hint and error. */
function inputProps(
  id: string,
  {
    error,
    description,
    isRequired,
    isReadOnly,
    onChange,
    suggestions: _suggestions,
    ...rest
  }: Omit<TFieldProps, 'label'>,
) {
  const describedBy = [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    ...rest,
    id,
    className: 'input',
    readOnly: isReadOnly,
    'aria-required': isRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'data-invalid': error ? true : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
  };
}

export function TextInput({ label, type = 'text', ...props }: TFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEarlyInput(input, props.value, props.onChange, textOf);
  const suggestions = props.suggestions ?? [];
  return (
    <Field id={id} label={label} description={props.description} error={props.error} isRequired={props.isRequired}>
      <input
        {...inputProps(id, props)}
        ref={input}
        type={type}
        list={suggestions.length > 0 ? `${id}-list` : undefined}
      />
      {suggestions.length > 0 && (
        <datalist id={`${id}-list`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </Field>
  );
}

/** A password field with a show/hide toggle (helps people type long passphrases correctly). */
export function PasswordInput({ label, ...props }: Omit<TFieldProps, 'type'>) {
  const t = useT();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEarlyInput(input, props.value, props.onChange, textOf);
  return (
    <Field id={id} label={label} description={props.description} error={props.error} isRequired={props.isRequired}>
      <div className="password-row">
        <input {...inputProps(id, props)} ref={input} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className="button button-ghost"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
        >
          {visible ? t('form.hide_password') : t('form.show_password')}
        </button>
      </div>
    </Field>
  );
}
