import type { TMessageKey } from '@portal/i18n';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { useT } from '../../lib/i18n.tsx';
import { ROLES, type TCampaignForm } from './campaign-form.ts';
import { PeoplePicker } from './people-picker.tsx';
import type { TPhishingScope } from './phishing-scope.ts';

/** Who gets the mails: everyone, people of some roles, or chosen people (re-read at sending). */
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
      {form.audienceKind === 'people' && (
        <div className="audience-detail">
          <PeoplePicker people={form.people} onChange={(people) => onChange({ people })} scope={scope} />
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
