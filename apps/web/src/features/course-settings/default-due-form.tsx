import type { TMessageKey } from '@portal/i18n';
import { ZDueDays } from '@portal/validators';
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { DueField, refusal } from './due-field.tsx';

/**
 * The company's general deadline, "within N days of assignment" (issue 22): the policyholder
 * changes it (1–365 days, empty for none; the server says when a number is out of range), a
 * manager reads it.
 */
export function DefaultDueForm({ defaultDueDays, canEdit }: { defaultDueDays: number | null; canEdit: boolean }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const headingId = useId();
  const [text, setText] = useState(defaultDueDays === null ? '' : String(defaultDueDays));
  const [error, setError] = useState<string | null>(null);
  const update = trpc.reminders.updateSettings.useMutation();

  const submit = async () => {
    const trimmed = text.trim();
    // The server's rule (1–365 whole days), checked here first so the answer is immediate.
    const days = trimmed === '' ? null : ZDueDays.safeParse(/^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
    if (days && !days.success) {
      setError(t((days.error.issues[0]?.message ?? 'due_dates.days_range') as TMessageKey));
      return;
    }
    setError(null);
    try {
      const saved = await update.mutateAsync({ defaultDueDays: days ? days.data : null });
      utils.reminders.settings.setData(undefined, saved);
      setText(saved.defaultDueDays === null ? '' : String(saved.defaultDueDays));
      toast.success(t('due_dates.default_saved'));
    } catch (failure) {
      setError(refusal(failure) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="card due-default" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('due_dates.default_heading')}</h2>
      {canEdit ? (
        <SubmitForm onSubmit={submit} labelledBy={headingId}>
          <p className="muted">{t('due_dates.default_hint')}</p>
          <div className="due-default-row">
            <DueField
              label={t('due_dates.default_label')}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(null);
              }}
              error={error}
              inputMode="numeric"
            />
            <Button type="submit" className="button button-primary due-default-save" isDisabled={update.isPending}>
              {t('due_dates.save')}
            </Button>
          </div>
        </SubmitForm>
      ) : (
        <p>
          <strong>
            {defaultDueDays === null
              ? t('due_dates.default_none')
              : t('due_dates.due_within', { days: defaultDueDays })}
          </strong>
          <br />
          <span className="muted">{t('due_dates.default_read_only')}</span>
        </p>
      )}
    </section>
  );
}
