import { type FormEvent, useState } from 'react';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { useT } from '../../lib/i18n.tsx';
import {
  germanDate,
  isoFromGermanDate,
  MAX_PERIOD_YEARS,
  PRESETS,
  periodProblem,
  presetPeriod,
  type TPeriod,
} from './period.ts';

/**
 * A date typed as DD.MM.YYYY: the browser's date picker would show the browser's own format
 * (MM/DD/YYYY in an English browser), the portal writes dates the German way in both languages.
 */
function DateInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const t = useT();
  return (
    <TextField
      className="field"
      value={value}
      onChange={onChange}
      isRequired
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      autoComplete="off"
    >
      <Label>{label}</Label>
      <Input className="input" />
      <Text slot="description" className="hint">
        {t('admin_stats.date_hint')}
      </Text>
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

/** From / to with quick choices; a period the server would refuse is explained before it is sent. */
export function PeriodForm({ period, onChange }: { period: TPeriod; onChange: (period: TPeriod) => void }) {
  const t = useT();
  const [from, setFrom] = useState(germanDate(period.from));
  const [to, setTo] = useState(germanDate(period.to));
  const [errors, setErrors] = useState<{ from: string | null; to: string | null; period: string | null }>({
    from: null,
    to: null,
    period: null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { from: isoFromGermanDate(from), to: isoFromGermanDate(to) };
    const invalid = t('admin_stats.date_invalid');
    const problem = next.from && next.to && periodProblem({ from: next.from, to: next.to });
    setErrors({
      from: next.from ? null : invalid,
      to: next.to ? null : invalid,
      period: problem ? t(problem, { years: MAX_PERIOD_YEARS }) : null,
    });
    if (next.from && next.to && !problem) onChange({ from: next.from, to: next.to });
  };

  return (
    <form className="card stats-period" onSubmit={submit} noValidate aria-labelledby="stats-period-title">
      <h2 id="stats-period-title">{t('admin_stats.period')}</h2>
      <div className="form-row">
        <DateInput label={t('admin_stats.from')} value={from} onChange={setFrom} error={errors.from} />
        <DateInput label={t('admin_stats.to')} value={to} onChange={setTo} error={errors.to} />
      </div>
      {errors.period && (
        <p className="field-error" role="alert">
          {errors.period}
        </p>
      )}
      <div className="stats-period-actions">
        <fieldset className="stats-presets">
          <legend>{t('admin_stats.presets')}</legend>
          <div className="stats-presets-buttons">
            {PRESETS.map((preset) => (
              <Button
                key={preset.id}
                className="button button-secondary"
                onPress={() => {
                  const next = presetPeriod(preset.id);
                  setFrom(germanDate(next.from));
                  setTo(germanDate(next.to));
                  setErrors({ from: null, to: null, period: null });
                  onChange(next);
                }}
              >
                {t(preset.label)}
              </Button>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="button button-primary">
          {t('admin_stats.apply')}
        </Button>
      </div>
    </form>
  );
}
