import type { RouterInputs, RouterOutputs } from '@portal/api';
import type { TMessageKey } from '@portal/i18n';
import { BUNDESLAENDER } from '@portal/validators';
import { type ReactNode, useId, useState } from 'react';
import { Button, Switch } from 'react-aria-components';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { inputIssues } from '../../lib/input-issues.ts';
import { trpc } from '../../lib/trpc.ts';
import { DueField, FieldNotes, refusal } from './due-field.tsx';
import { MAIL_NAME, MailPreviewDialog, type TPreviewKind } from './mail-preview-dialog.tsx';

type TSettings = RouterOutputs['reminders']['settings'];
type TPatch = RouterInputs['reminders']['updateSettings'];
type TState = NonNullable<TSettings['state']>;

/** The Bundesländer the server knows (feiertagejs codes), each with its name in both languages. */
const STATES = BUNDESLAENDER satisfies readonly TState[];
const stateKey = (state: TState) => `reminders.state_${state.toLowerCase()}` as TMessageKey;

const SWITCHES = [
  'remindBefore',
  'remindOverdue',
  'managerDigest',
  'completionAlert',
  'certificateExpiryAlert',
  'showNames',
] as const;
type TSwitch = (typeof SWITCHES)[number];

/** The numbers of the ladder and the server's message for each when it is out of range. */
const NUMBERS = {
  remindDaysBefore: 'due_dates.days_before_range',
  reminderGapDays: 'due_dates.gap_range',
  completionThreshold: 'due_dates.threshold_range',
} as const satisfies Record<string, TMessageKey>;
type TNumber = keyof typeof NUMBERS;

type TDraft = Record<TSwitch, boolean> & Record<TNumber, string> & { state: TState | null };
type TField = keyof TDraft;

const draftOf = (settings: TSettings): TDraft => ({
  remindBefore: settings.remindBefore,
  remindOverdue: settings.remindOverdue,
  managerDigest: settings.managerDigest,
  completionAlert: settings.completionAlert,
  certificateExpiryAlert: settings.certificateExpiryAlert,
  showNames: settings.showNames,
  remindDaysBefore: String(settings.remindDaysBefore),
  reminderGapDays: String(settings.reminderGapDays),
  completionThreshold: String(settings.completionThreshold),
  state: settings.state,
});

const isField = (path: unknown): path is TField =>
  typeof path === 'string' && (path === 'state' || path in NUMBERS || (SWITCHES as readonly string[]).includes(path));

/** The server's translated refusal of each field it named, the first one per field. */
function fieldRefusals(error: unknown): Partial<Record<TField, string>> {
  const found: Partial<Record<TField, string>> = {};
  for (const issue of inputIssues(error))
    if (isField(issue.path) && !found[issue.path]) found[issue.path] = issue.message;
  return found;
}

/** One step of the ladder: its switch or its words, a number, the preview of its mail. */
function Rung({ main, field, preview }: { main: ReactNode; field?: ReactNode; preview?: ReactNode }) {
  return (
    <li className="rung">
      <div className="rung-main">{main}</div>
      {field && <div className="rung-field">{field}</div>}
      {preview && <div className="rung-preview">{preview}</div>}
    </li>
  );
}

function RungSwitch({
  label,
  hint,
  isSelected,
  onChange,
}: {
  label: string;
  hint?: string | undefined;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}) {
  const hintId = useId();
  return (
    <>
      <Switch
        className="switch"
        isSelected={isSelected}
        onChange={onChange}
        aria-describedby={hint ? hintId : undefined}
      >
        <span className="switch-track" aria-hidden="true" />
        <span className="switch-label">{label}</span>
      </Switch>
      {hint && (
        <p id={hintId} className="rung-hint">
          {hint}
        </p>
      )}
    </>
  );
}

/** The manager's view of a step: what it is and whether it is on, in words. */
function RungState({
  label,
  value,
  on,
  hint,
}: {
  label: string;
  value: string;
  on: boolean;
  hint?: string | undefined;
}) {
  return (
    <>
      <p className="rung-label">
        {label}: <span className={`rung-value${on ? ' rung-on' : ''}`}>{value}</span>
      </p>
      {hint && <p className="rung-hint">{hint}</p>}
    </>
  );
}

/**
 * The company's reminder ladder (issue 22, ADR 033): each step switched on or off, its number of
 * days or per cent, the Bundesland whose holidays pause it, and whether digests name people (off
 * by default; the last switch is recorded for the works council). The policyholder edits and saves
 * the changed fields in one call; a manager reads them. Every mail can be previewed in German and
 * English. The values are the server's (its defaults until the company saved).
 */
export function ReminderLadderForm({ settings, canEdit }: { settings: TSettings; canEdit: boolean }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const utils = trpc.useUtils();
  const headingId = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<TPreviewKind | null>(null);
  const update = trpc.reminders.updateSettings.useMutation();

  const change = <K extends TField>(field: K, value: TDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setFormError(null);
  };

  const submit = async () => {
    setFormError(null);
    // A number that is no whole number is answered here, with the server's own words; the range
    // is the server's to check.
    const wrong: Partial<Record<TField, string>> = {};
    for (const field of Object.keys(NUMBERS) as TNumber[]) {
      if (!/^\d+$/.test(draft[field].trim())) wrong[field] = t(NUMBERS[field]);
    }
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    const saved = draftOf(settings);
    const patch: TPatch = {};
    for (const field of SWITCHES) if (draft[field] !== saved[field]) patch[field] = draft[field];
    for (const field of Object.keys(NUMBERS) as TNumber[]) {
      const value = Number(draft[field].trim());
      if (String(value) !== saved[field]) patch[field] = value;
    }
    if (draft.state !== saved.state) patch.state = draft.state;
    if (Object.keys(patch).length === 0) {
      toast.info(t('reminders.unchanged'));
      return;
    }
    try {
      const next = await update.mutateAsync(patch);
      utils.reminders.settings.setData(undefined, next);
      setDraft(draftOf(next));
      // The previews show the saved settings (the gap, the threshold, names).
      await utils.reminders.preview.invalidate();
      toast.success(t('reminders.saved'));
    } catch (failure) {
      const refused = fieldRefusals(failure);
      if (Object.keys(refused).length > 0) setErrors(refused);
      else setFormError(refusal(failure) ?? t('app.something_went_wrong'));
    }
  };

  const previewButton = (kind: TPreviewKind) => (
    <Button
      className="button button-ghost button-small"
      aria-label={t('reminders.preview_of', { mail: t(MAIL_NAME[kind]) })}
      onPress={() => setPreviewing(kind)}
    >
      {t('reminders.preview')}
    </Button>
  );
  const numberField = (field: TNumber, label: string) => (
    <DueField
      label={label}
      value={draft[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
      inputMode="numeric"
    />
  );
  const sw = (field: TSwitch, label: string, hint?: string) => (
    <RungSwitch label={label} hint={hint} isSelected={draft[field]} onChange={(value) => change(field, value)} />
  );
  const onOff = (on: boolean) => t(on ? 'reminders.on' : 'reminders.off');
  const stateName = (state: TState | null) => (state ? t(stateKey(state)) : t('reminders.state_none'));
  const states = [...STATES].sort((a, b) => t(stateKey(a)).localeCompare(t(stateKey(b)), locale));
  const namesChanged = settings.showNamesChangedAt
    ? t(settings.showNamesChangedByName ? 'reminders.names_changed_by' : 'reminders.names_changed', {
        date: formatDate(settings.showNamesChangedAt),
        name: settings.showNamesChangedByName ?? '',
      })
    : null;

  const rungs = canEdit ? (
    <ul className="rungs">
      <Rung
        main={sw('remindBefore', t('reminders.remind_before'), t('reminders.remind_hint'))}
        field={numberField('remindDaysBefore', t('reminders.days_before'))}
        preview={previewButton('learner_due_soon')}
      />
      <Rung main={sw('remindOverdue', t('reminders.remind_overdue'))} preview={previewButton('learner_overdue')} />
      <Rung
        main={
          <>
            <p className="rung-label">{t('reminders.gap')}</p>
            <p className="rung-hint">{t('reminders.gap_hint')}</p>
          </>
        }
        field={numberField('reminderGapDays', t('reminders.gap_days'))}
      />
      <Rung
        main={sw('managerDigest', t('reminders.manager_digest'), t('reminders.manager_digest_hint'))}
        preview={previewButton('manager_digest')}
      />
      <Rung
        main={sw('completionAlert', t('reminders.completion_alert'), t('reminders.completion_hint'))}
        field={numberField('completionThreshold', t('reminders.threshold'))}
        preview={previewButton('completion_alert')}
      />
      <Rung
        main={sw('certificateExpiryAlert', t('reminders.certificate_alert'))}
        preview={previewButton('certificate_expiry')}
      />
    </ul>
  ) : (
    <ul className="rungs">
      <Rung
        main={
          <RungState
            label={t('reminders.remind_before')}
            value={
              settings.remindBefore ? t('reminders.on_days_before', { days: settings.remindDaysBefore }) : onOff(false)
            }
            on={settings.remindBefore}
            hint={t('reminders.remind_hint')}
          />
        }
        preview={previewButton('learner_due_soon')}
      />
      <Rung
        main={
          <RungState
            label={t('reminders.remind_overdue')}
            value={onOff(settings.remindOverdue)}
            on={settings.remindOverdue}
          />
        }
        preview={previewButton('learner_overdue')}
      />
      <Rung
        main={
          <RungState
            label={t('reminders.gap')}
            value={t('reminders.every_days', { days: settings.reminderGapDays })}
            on
            hint={t('reminders.gap_hint')}
          />
        }
      />
      <Rung
        main={
          <RungState
            label={t('reminders.manager_digest')}
            value={onOff(settings.managerDigest)}
            on={settings.managerDigest}
            hint={t('reminders.manager_digest_hint')}
          />
        }
        preview={previewButton('manager_digest')}
      />
      <Rung
        main={
          <RungState
            label={t('reminders.completion_alert')}
            value={
              settings.completionAlert
                ? t('reminders.on_threshold', { percent: settings.completionThreshold })
                : onOff(false)
            }
            on={settings.completionAlert}
            hint={t('reminders.completion_hint')}
          />
        }
        preview={previewButton('completion_alert')}
      />
      <Rung
        main={
          <RungState
            label={t('reminders.certificate_alert')}
            value={onOff(settings.certificateExpiryAlert)}
            on={settings.certificateExpiryAlert}
          />
        }
        preview={previewButton('certificate_expiry')}
      />
      <Rung
        main={
          <RungState
            label={t('reminders.state')}
            value={stateName(settings.state)}
            on
            hint={t('reminders.state_hint')}
          />
        }
      />
    </ul>
  );

  return (
    <section className={`card reminder-ladder${canEdit ? '' : ' read-only'}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reminders.heading')}</h2>
      <p className="muted">{t(canEdit ? 'reminders.intro' : 'reminders.read_only')}</p>
      {canEdit ? (
        <SubmitForm onSubmit={submit} labelledBy={headingId}>
          {rungs}
          <StateSelect
            value={draft.state}
            states={states}
            stateName={stateName}
            error={errors.state}
            onChange={(value) => change('state', value)}
          />
          <div className="names-setting">
            {sw('showNames', t('reminders.names'), t('reminders.names_hint'))}
            {namesChanged && <p className="rung-hint">{namesChanged}</p>}
            {errors.showNames && (
              <p className="field-error" role="alert">
                {errors.showNames}
              </p>
            )}
          </div>
          <div className="reminder-save">
            <Button type="submit" className="button button-primary" isDisabled={update.isPending}>
              {t('reminders.save')}
            </Button>
            {formError && (
              <p className="field-error" role="alert">
                {formError}
              </p>
            )}
          </div>
        </SubmitForm>
      ) : (
        <>
          {rungs}
          <div className="names-setting">
            <RungState
              label={t('reminders.names')}
              value={onOff(settings.showNames)}
              on={settings.showNames}
              hint={t('reminders.names_hint')}
            />
            {namesChanged && <p className="rung-hint">{namesChanged}</p>}
          </div>
        </>
      )}
      {previewing && <MailPreviewDialog kind={previewing} onClose={() => setPreviewing(null)} />}
    </section>
  );
}

/** The Bundesland for holidays: a native select (the browser's own list on every device). */
function StateSelect({
  value,
  states,
  stateName,
  error,
  onChange,
}: {
  value: TState | null;
  states: TState[];
  stateName: (state: TState | null) => string;
  error?: string | undefined;
  onChange: (value: TState | null) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field state-field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{t('reminders.state')}</label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as TState | null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{stateName(null)}</option>
        {states.map((state) => (
          <option key={state} value={state}>
            {stateName(state)}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={t('reminders.state_hint')} error={error} />
    </div>
  );
}
