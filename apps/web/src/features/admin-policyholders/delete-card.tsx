import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, queryClient, trpc } from '../../lib/trpc.ts';
import { POLICYHOLDERS_KEY } from './use-all-policyholders.ts';

/** Spec §6: delete a policyholder completely, after typing DELETE. */
export function DeleteCard({ employerId, companyName }: { employerId: string; companyName: string }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = trpc.employee.deleteEmployerCompletely.useMutation();
  const [open, setOpen] = useState(false);
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('policyholders.danger_title')}</h2>
      <p>{t('policyholders.delete_intro')}</p>
      <Button className="button button-danger" onPress={() => setOpen(true)}>
        {t('policyholders.delete')}
      </Button>
      <TypedConfirmDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        word="DELETE"
        title={t('policyholders.delete')}
        text={t('policyholders.delete_text', { company: companyName })}
        label={t('admins.delete_label')}
        confirmLabel={t('policyholders.delete')}
        isPending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: employerId });
            toast.success(t('policyholders.deleted'));
            setOpen(false);
            await queryClient.invalidateQueries({ queryKey: POLICYHOLDERS_KEY });
            navigate('/admin/policyholders');
          } catch (error) {
            toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
          }
        }}
      />
    </section>
  );
}
