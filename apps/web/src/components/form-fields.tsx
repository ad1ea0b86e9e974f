import { useState } from 'react';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';

interface TFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
  description?: string;
  name?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
}

export function TextInput({ label, error, description, type = 'text', inputMode, ...props }: TFieldProps) {
  return (
    <TextField className="field" type={type} isInvalid={Boolean(error)} validationBehavior="aria" {...props}>
      <Label>{label}</Label>
      <Input className="input" inputMode={inputMode} />
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

/** A password field with a show/hide toggle (helps people type long passphrases correctly). */
export function PasswordInput({ label, error, description, ...props }: Omit<TFieldProps, 'type'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      className="field"
      type={visible ? 'text' : 'password'}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      {...props}
    >
      <Label>{label}</Label>
      <div className="password-row">
        <Input className="input" />
        <Button className="button button-ghost" onPress={() => setVisible((v) => !v)} aria-pressed={visible}>
          {visible ? t('form.hide_password') : t('form.show_password')}
        </Button>
      </div>
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}
