import { TextInput } from '../../components/form-fields.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * A person's team: free text, with the company's existing teams offered while typing so that
 * "Vertrieb" does not become "Vertieb" next to it (a campaign addresses teams by name).
 */
export function TeamField({
  form,
  teams,
}: {
  /** A `useZodForm` form with a `team` field (invite and edit dialogs). */
  form: {
    values: { team: string };
    set: (field: 'team', value: string) => void;
    touch: (field: 'team') => void;
    errorFor: (field: 'team') => string | undefined;
  };
  teams: readonly string[];
}) {
  const t = useT();
  return (
    <TextInput
      label={t('users.team')}
      description={t('users.team_hint')}
      value={form.values.team}
      onChange={(value) => form.set('team', value)}
      onBlur={() => form.touch('team')}
      error={form.errorFor('team')}
      suggestions={teams}
      autoComplete="off"
    />
  );
}
