import { ZName, ZTeam } from '@portal/validators';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { Modal } from '../../components/modal.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NameFields } from './name-fields.tsx';
import type { TStaffRow } from './staff-row.ts';
import { TeamField } from './team-field.tsx';

const ZEditForm = z.object({ firstname: ZName, lastname: ZName, team: ZTeam });

export function EditDialog({
  person,
  companyId,
  teams,
  onClose,
}: {
  person: TStaffRow;
  companyId: string;
  /** The company's teams, offered while typing. */
  teams: readonly string[];
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const form = useZodForm(ZEditForm, { firstname: person.firstname, lastname: person.lastname, team: person.team });
  const update = trpc.company.updateEmployee.useMutation();
  const submit = async () => {
    form.markSubmitted();
    if (!form.parsed) return;
    try {
      await update.mutateAsync({ companyId, id: person.id, ...form.parsed });
      toast.success(t('users.saved'));
      await Promise.all([utils.employee.list.invalidate(), utils.phishing.teams.invalidate()]);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };
  return (
    <Modal isOpen onClose={onClose} header={t('users.edit_title')} footer={<span />}>
      <SubmitForm onSubmit={submit}>
        <p className="muted">{person.email}</p>
        <NameFields form={form} />
        <TeamField form={form} teams={teams} />
        <div className="button-row">
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" className="button button-primary" isDisabled={!form.isValid || update.isPending}>
            {t('app.save')}
          </Button>
        </div>
      </SubmitForm>
    </Modal>
  );
}
