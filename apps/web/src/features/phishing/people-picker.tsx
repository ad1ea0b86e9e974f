import { useState } from 'react';
import { Button } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import type { TCampaignForm } from './campaign-form.ts';
import type { TPhishingScope } from './phishing-scope.ts';

type TPerson = TCampaignForm['people'][number];

/** "1 Person ausgewählt", "3 Personen ausgewählt". */
export const chosenText = (t: ReturnType<typeof useT>, count: number) =>
  count === 1 ? t('campaigns.people_chosen_one') : t('campaigns.people_chosen', { count });
const MATCHES = 10;

/** The people of the company that match a search: the employer's list, or an admin's for the customer. */
function useMatches(scope: TPhishingScope, search: string) {
  const query = { search, page: 1, pageSize: MATCHES, sort: 'lastname', direction: 'asc' } as const;
  const asks = search.length >= 2;
  const own = trpc.employee.list.useQuery(query, { enabled: asks && !scope.companyId });
  const customers = trpc.admin.companyStaff.useQuery(
    { ...query, companyId: scope.companyId ?? '' },
    { enabled: asks && Boolean(scope.companyId) },
  );
  return scope.companyId ? customers : own;
}

/** Chosen people for a campaign: found by name or address, listed with a remove button each. */
export function PeoplePicker({
  people,
  onChange,
  scope,
}: {
  people: TPerson[];
  onChange: (people: TPerson[]) => void;
  scope: TPhishingScope;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const matches = useMatches(scope, settled);
  const chosen = new Set(people.map((person) => person.id));
  const found = settled.length >= 2 ? (matches.data?.items ?? []) : [];

  return (
    <div className="people-picker">
      <TextInput
        label={t('campaigns.people_search')}
        description={t('campaigns.people_search_hint')}
        value={search}
        onChange={setSearch}
        autoComplete="off"
      />
      {settled.length >= 2 && matches.isSuccess && found.length === 0 && (
        <p className="muted">{t('campaigns.people_none_found')}</p>
      )}
      {found.length > 0 && (
        <ul className="people-matches">
          {found.map((person) => {
            const name = `${person.firstname} ${person.lastname}`;
            return (
              <li key={person.id}>
                <span>
                  {name} <span className="muted">{person.email}</span>
                </span>
                <Button
                  className="button button-ghost button-small"
                  isDisabled={chosen.has(person.id)}
                  onPress={() => onChange([...people, { id: person.id, name }])}
                >
                  {t('campaigns.people_add', { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p aria-live="polite">{chosenText(t, people.length)}</p>
      {people.length > 0 && (
        <ul className="people-chosen">
          {people.map((person) => {
            const name = person.name || t('campaigns.people_unnamed');
            return (
              <li key={person.id}>
                <span>{name}</span>
                <Button
                  className="button button-ghost button-small"
                  onPress={() => onChange(people.filter((entry) => entry.id !== person.id))}
                >
                  {t('campaigns.people_remove', { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
