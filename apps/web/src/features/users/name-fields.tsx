import { TextInput } from '../../components/form-fields.tsx';
import { useT } from '../../lib/i18n.tsx';

type TNameField = 'firstname' | 'lastname';

/** The first and last name fields of a `useZodForm` form (invite and edit dialogs). */
export function NameFields({
  form,
}: {
  form: {
    values: Record<TNameField, string>;
    set: (field: TNameField, value: string) => void;
    touch: (field: TNameField) => void;
    errorFor: (field: TNameField) => string | undefined;
  };
}) {
  const t = useT();
  const field = (name: TNameField) => (
    <TextInput
      label={t(name === 'firstname' ? 'form.firstname' : 'form.lastname')}
      value={form.values[name]}
      onChange={(value) => form.set(name, value)}
      onBlur={() => form.touch(name)}
      error={form.errorFor(name)}
      isRequired
    />
  );
  return (
    <div className="form-row">
      {field('firstname')}
      {field('lastname')}
    </div>
  );
}
