import { berlinDay } from '@portal/validators';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { DueField, dayFromInput, inputFromDay, refusal } from '../course-settings/due-field.tsx';
import type { TStaffRow } from './staff-row.ts';

/**
 * Marks a person absent (issue 22: parental leave, long illness) from a day (today unless changed)
 * up to and including a day; a new absence replaces a current or planned one. The server's
 * translated refusal (an end in the past, before the start, too far away) shows at the end field.
 */
export function AbsenceDialog({
  person,
  onClose,
  onSaved,
}: {
  person: TStaffRow;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const toast = useToast();
  const [start, setStart] = useState(inputFromDay(person.absence?.startsOn ?? berlinDay(new Date())));
  const [end, setEnd] = useState(inputFromDay(person.absence?.endsOn));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const record = trpc.absences.record.useMutation();

  const submit = async () => {
    const startsOn = dayFromInput(start);
    const endsOn = dayFromInput(end);
    const invalid = t('due_dates.invalid_day');
    if (!startsOn || !endsOn) {
      setErrors({ ...(startsOn ? {} : { start: invalid }), ...(endsOn ? {} : { end: invalid }) });
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync({ userId: person.id, startsOn, endsOn });
      toast.success(t('due_dates.absence_saved'));
      onClose();
      await onSaved();
    } catch (failure) {
      setErrors({ end: refusal(failure) ?? t('app.something_went_wrong') });
    }
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      header={t('due_dates.absence_for', { name: `${person.firstname} ${person.lastname}` })}
      footer={<span />}
    >
      <SubmitForm onSubmit={submit}>
        <p className="muted">{t('due_dates.absence_intro')}</p>
        <DueField
          label={t('due_dates.absence_start')}
          value={start}
          onChange={(value) => {
            setStart(value);
            setErrors({});
          }}
          hint={t('due_dates.date_hint')}
          error={errors.start}
          isRequired
        />
        <DueField
          label={t('due_dates.absence_end')}
          value={end}
          onChange={(value) => {
            setEnd(value);
            setErrors({});
          }}
          hint={t('due_dates.date_hint')}
          error={errors.end}
          isRequired
          autoFocus
        />
        <div className="button-row">
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" className="button button-primary" isDisabled={record.isPending}>
            {t('due_dates.absence_save')}
          </Button>
        </div>
      </SubmitForm>
    </Modal>
  );
}
