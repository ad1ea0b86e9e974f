import { TextInput } from '../../components/form-fields.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * A person's team: free text, with the company's existing teams offered while typing so that
 * "Vertrieb" does not become "Vertieb" next to it (a campaign addresses teams by name).
 */
export function TeamField({
  value,
  onChange,
  onBlur,
  error,
  teams,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  teams: readonly string[];
}) {
  const t = useT();
  return (
    <TextInput
      label={t('users.team')}
      description={t('users.team_hint')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      suggestions={teams}
      autoComplete="off"
    />
  );
}
