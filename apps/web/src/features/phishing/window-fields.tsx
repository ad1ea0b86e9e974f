import type { TMessageKey } from '@portal/i18n';
import { FilterSelect } from '../../components/filter-select.tsx';
import { TextInput } from '../../components/form-fields.tsx';
import { useT } from '../../lib/i18n.tsx';
import {
  FIRST_HOUR,
  LAST_HOUR,
  MAX_WINDOW_DAYS,
  REPEATS,
  type TCampaignForm,
  type TCampaignRepeat,
  type TFieldErrors,
} from './campaign-form.ts';

const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** When the mails go out: the first day, the working days they spread over, the hours, and repeats. */
export function WindowFields({
  form,
  onChange,
  errors,
}: {
  form: TCampaignForm;
  onChange: (patch: Partial<TCampaignForm>) => void;
  /** Translated, per field. */
  errors: TFieldErrors;
}) {
  const t = useT();
  const hourOptions = (from: number, to: number) =>
    hours(from, to).map((hour) => ({ value: String(hour), label: t('campaigns.hour', { hour }) }));

  return (
    <fieldset className="fieldset">
      <legend>{t('campaigns.window_legend')}</legend>
      <div className="form-row">
        <TextInput
          label={t('campaigns.first_day')}
          type="date"
          value={form.firstDay}
          onChange={(firstDay) => onChange({ firstDay })}
          error={errors.firstDay}
        />
        <TextInput
          label={t('campaigns.window_days')}
          description={t('campaigns.window_days_hint')}
          type="number"
          min={1}
          max={MAX_WINDOW_DAYS}
          inputMode="numeric"
          // An emptied field is no number of days: the form's check names it.
          value={Number.isNaN(form.windowDays) ? '' : String(form.windowDays)}
          onChange={(value) => onChange({ windowDays: value === '' ? Number.NaN : Number(value) })}
          error={errors.windowDays}
        />
      </div>
      <div className="form-row">
        <FilterSelect
          label={t('campaigns.start_hour')}
          value={String(form.startHour)}
          options={hourOptions(FIRST_HOUR, LAST_HOUR - 1)}
          onChange={(value) => onChange({ startHour: Number(value) })}
        />
        <FilterSelect
          label={t('campaigns.end_hour')}
          value={String(form.endHour)}
          options={hourOptions(FIRST_HOUR + 1, LAST_HOUR)}
          onChange={(value) => onChange({ endHour: Number(value) })}
          error={errors.endHour}
        />
      </div>
      <FilterSelect<TCampaignRepeat>
        label={t('campaigns.repeat')}
        value={form.repeat ?? 'none'}
        options={REPEATS.map((repeat) => ({ value: repeat, label: t(`campaigns.repeat_${repeat}` as TMessageKey) }))}
        onChange={(repeat) => onChange({ repeat })}
      />
    </fieldset>
  );
}
