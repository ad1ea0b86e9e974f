import { type ReactNode, useRef } from 'react';
import { Checkbox } from 'react-aria-components';
import { checkedOf, useEarlyInput } from '../lib/use-early-input.ts';

// Its own module, apart from the text fields: the sign-in page has no checkbox and should not
// load react-aria's (ADR 020).
export function CheckboxField({
  children,
  isSelected,
  onChange,
  error,
  isDisabled,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  isDisabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEarlyInput(input, isSelected, onChange, checkedOf);
  return (
    <div className="checkbox-field">
      <Checkbox
        inputRef={input}
        isSelected={isSelected}
        onChange={onChange}
        isInvalid={Boolean(error)}
        isDisabled={isDisabled ?? false}
        className="checkbox"
      >
        <span className="checkbox-box" aria-hidden="true">
          {isSelected && '✓'}
        </span>
        <span>{children}</span>
      </Checkbox>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
