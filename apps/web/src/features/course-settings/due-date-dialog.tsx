import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { DueField, dayFromInput, inputFromDay, refusal } from './due-field.tsx';

/**
 * The company's due date for one course (issue 22): a day, today or later, or none. The server's
 * translated refusal (a day in the past, no calendar day) stays in the dialog, next to the field.
 */
export function DueDateDialog({
  course,
  dueOn,
  onClose,
  onSaved,
}: {
  course: { slug: string; title: string };
  dueOn: string | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const toast = useToast();
  const [text, setText] = useState(inputFromDay(dueOn));
  const [error, setError] = useState<string | null>(null);
  const setDueDate = trpc.trainings.setDueDate.useMutation();

  const save = async (day: string | null) => {
    setError(null);
    try {
      await setDueDate.mutateAsync({ trainingSlug: course.slug, dueOn: day });
      toast.success(t(day ? 'due_dates.due_saved' : 'due_dates.due_removed'));
      onClose();
      await onSaved();
    } catch (failure) {
      setError(refusal(failure) ?? t('app.something_went_wrong'));
    }
  };
  const submit = async () => {
    const day = dayFromInput(text);
    if (!day) {
      setError(t('due_dates.invalid_day'));
      return;
    }
    await save(day);
  };

  return (
    <Modal isOpen onClose={onClose} header={t('due_dates.set_due_for', { course: course.title })} footer={<span />}>
      <SubmitForm onSubmit={submit}>
        <p className="muted">{t('due_dates.due_dialog_intro')}</p>
        <DueField
          label={t('due_dates.due_date_label')}
          value={text}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
          hint={t('due_dates.date_hint')}
          error={error}
          isRequired
          autoFocus
        />
        <div className="button-row due-buttons">
          {dueOn ? (
            <Button className="button button-ghost" isDisabled={setDueDate.isPending} onPress={() => void save(null)}>
              {t('due_dates.remove_due')}
            </Button>
          ) : (
            <Button className="button button-secondary" onPress={onClose}>
              {t('app.cancel')}
            </Button>
          )}
          <Button type="submit" className="button button-primary" isDisabled={setDueDate.isPending}>
            {t('due_dates.save')}
          </Button>
        </div>
      </SubmitForm>
    </Modal>
  );
}
