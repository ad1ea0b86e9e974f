import { useT } from '../lib/i18n.tsx';
import { TextInput } from './form-fields.tsx';

/** The six-digit authenticator code; anything but digits is dropped while typing. */
export function TotpCodeInput({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const t = useT();
  return (
    <TextInput
      label={t('totp.code_label')}
      description={t('totp.code_hint')}
      autoComplete="one-time-code"
      inputMode="numeric"
      isRequired
      value={value}
      onChange={(typed) => onChange(typed.replace(/[^\d]/g, '').slice(0, 6))}
    />
  );
}
