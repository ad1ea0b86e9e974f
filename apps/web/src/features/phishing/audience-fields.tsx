import type { TMessageKey } from '@portal/i18n';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { ROLES, type TCampaignForm } from './campaign-form.ts';
import { PeoplePicker } from './people-picker.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

/** Who gets the mails: everyone, people of some roles or teams, or chosen people (re-read at sending). */
export function AudienceFields({
  form,
  onChange,
  error,
  scope,
}: {
  form: TCampaignForm;
  onChange: (patch: Partial<TCampaignForm>) => void;
  error: string | undefined;
  scope: TPhishingScope;
}) {
  const t = useT();
  return (
    <div className="fieldset">
      <RadioGroup
        className="field"
        value={form.audienceKind}
        onChange={(kind) => onChange({ audienceKind: kind as TCampaignForm['audienceKind'] })}
        isInvalid={Boolean(error)}
      >
        <Label className="legend-label">{t('campaigns.audience_legend')}</Label>
        <Radio className="radio" value="all">
          {t('campaigns.audience_all')}
        </Radio>
        <Radio className="radio" value="roles">
          {t('campaigns.audience_roles')}
        </Radio>
        <Radio className="radio" value="teams">
          {t('campaigns.audience_teams')}
        </Radio>
        <Radio className="radio" value="people">
          {t('campaigns.audience_people')}
        </Radio>
      </RadioGroup>
      {form.audienceKind === 'roles' && (
        <div className="audience-detail">
          {ROLES.map((role) => (
            <CheckboxField
              key={role}
              isSelected={form.roles.includes(role)}
              onChange={(on) =>
                onChange({ roles: on ? [...form.roles, role] : form.roles.filter((entry) => entry !== role) })
              }
            >
              {t(`campaigns.role_${role}` as TMessageKey)}
            </CheckboxField>
          ))}
        </div>
      )}
      {form.audienceKind === 'teams' && (
        <TeamChoice chosen={form.teams} onChange={(teams) => onChange({ teams })} scope={scope} />
      )}
      {form.audienceKind === 'people' && (
        <div className="audience-detail">
          <PeoplePicker people={form.people} onChange={(people) => onChange({ people })} scope={scope} />
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/**
 * The company's teams with how many people are in each. A team of a draft that nobody carries any
 * more stays listed (chosen), so that unticking it is possible; the server refuses to save it.
 */
function TeamChoice({
  chosen,
  onChange,
  scope,
}: {
  chosen: string[];
  onChange: (teams: string[]) => void;
  scope: TPhishingScope;
}) {
  const t = useT();
  const teams = trpc.phishing.teams.useQuery(companyInput(scope));
  if (teams.isPending) return <p className="audience-detail muted">{t('campaigns.teams_loading')}</p>;
  if (teams.isError) return <p className="audience-detail field-error">{t('app.something_went_wrong')}</p>;
  const known = teams.data.map((team) => team.name);
  const listed = [
    ...teams.data,
    ...chosen.filter((name) => !known.includes(name)).map((name) => ({ name, people: 0 })),
  ];
  if (listed.length === 0) return <p className="audience-detail notice">{t('campaigns.teams_none')}</p>;
  return (
    <div className="audience-detail">
      {listed.map((team) => (
        <CheckboxField
          key={team.name}
          isSelected={chosen.includes(team.name)}
          onChange={(on) => onChange(on ? [...chosen, team.name] : chosen.filter((name) => name !== team.name))}
        >
          {team.people === 1
            ? t('campaigns.team_option_one', { team: team.name })
            : t('campaigns.team_option', { team: team.name, count: team.people })}
        </CheckboxField>
      ))}
    </div>
  );
}
