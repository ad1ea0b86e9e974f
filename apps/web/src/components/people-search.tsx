import { Input, Label, SearchField } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';

/** The search over names and emails used by the staff list and the course matrix. */
export function PeopleSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <SearchField className="field search-field" value={value} onChange={onChange}>
      <Label>{t('users.search')}</Label>
      <Input className="input" placeholder={t('users.search_placeholder')} />
    </SearchField>
  );
}
