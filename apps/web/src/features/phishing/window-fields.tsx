import type { TMessageKey } from '@portal/i18n';
import { useId } from 'react';
import { FilterSelect } from '../../components/filter-select.tsx';
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
  const id = useId();
  const hourOptions = (from: number, to: number) =>
    hours(from, to).map((hour) => ({ value: String(hour), label: t('campaigns.hour', { hour }) }));
  const dayError = errors.firstDay;
  const daysError = errors.windowDays;
  const endError = errors.endHour;

  return (
    <fieldset className="fieldset">
      <legend>{t('campaigns.window_legend')}</legend>
      <div className="form-row">
        <div className="field" data-invalid={dayError ? true : undefined}>
          <label htmlFor={`${id}-day`}>{t('campaigns.first_day')}</label>
          <input
            id={`${id}-day`}
            className="input"
            type="date"
            value={form.firstDay}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? `${id}-day-error` : undefined}
            onChange={(event) => onChange({ firstDay: event.target.value })}
          />
          {dayError && (
            <span id={`${id}-day-error`} className="field-error">
              {dayError}
            </span>
          )}
        </div>
        <div className="field" data-invalid={daysError ? true : undefined}>
          <label htmlFor={`${id}-days`}>{t('campaigns.window_days')}</label>
          <input
            id={`${id}-days`}
            className="input"
            type="number"
            min={1}
            max={MAX_WINDOW_DAYS}
            value={Number.isNaN(form.windowDays) ? '' : form.windowDays}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={`${id}-days-hint${daysError ? ` ${id}-days-error` : ''}`}
            onChange={(event) => onChange({ windowDays: event.target.valueAsNumber })}
          />
          <span id={`${id}-days-hint`} className="field-description">
            {t('campaigns.window_days_hint')}
          </span>
          {daysError && (
            <span id={`${id}-days-error`} className="field-error">
              {daysError}
            </span>
          )}
        </div>
      </div>
      <div className="form-row">
        <FilterSelect
          label={t('campaigns.start_hour')}
          value={String(form.startHour)}
          options={hourOptions(FIRST_HOUR, LAST_HOUR - 1)}
          onChange={(value) => onChange({ startHour: Number(value) })}
        />
        <div>
          <FilterSelect
            label={t('campaigns.end_hour')}
            value={String(form.endHour)}
            options={hourOptions(FIRST_HOUR + 1, LAST_HOUR)}
            onChange={(value) => onChange({ endHour: Number(value) })}
          />
          {endError && <p className="field-error">{endError}</p>}
        </div>
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
