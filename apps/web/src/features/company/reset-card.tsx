import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

interface TResetState {
  lastResetAt: string | null;
  nextResetAt: string | null;
}

/**
 * Spec §4: reset the company's e-learning with a typed RESET, at most every 30 days. The
 * policyholder's page asks for its own company's state; the admin's page passes it in.
 */
export function ResetCard({ companyId, adminState }: { companyId: string; adminState?: TResetState }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const own = trpc.progress.resetStatus.useQuery(undefined, { enabled: !adminState });
  const status = adminState ? { data: adminState } : own;
  const reset = trpc.progress.resetCompany.useMutation();
  const [open, setOpen] = useState(false);
  const next = status.data?.nextResetAt;
  return (
    <section className="card" aria-labelledby="reset-heading">
      <h2 id="reset-heading">{t('reset.title')}</h2>
      <p>{t('reset.intro')}</p>
      {status.data?.lastResetAt && (
        <p className="muted">{t('reset.last_reset', { date: formatDate(status.data.lastResetAt) })}</p>
      )}
      {next && <p className="notice">{t('reset.next_possible', { date: formatDate(next) })}</p>}
      <Button className="button button-danger" isDisabled={!status.data || Boolean(next)} onPress={() => setOpen(true)}>
        {t('reset.title')}
      </Button>
      <TypedConfirmDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        word="RESET"
        title={t('reset.title')}
        text={t('reset.confirm')}
        label={t('reset.label')}
        confirmLabel={t('reset.submit')}
        isPending={reset.isPending}
        onConfirm={async () => {
          try {
            await reset.mutateAsync({ companyId });
            toast.success(t('reset.done'));
            setOpen(false);
            await utils.invalidate();
          } catch (error) {
            // Spec §8: a failed reset shows 'Error' unless the server says why (e.g. 30 days).
            toast.error(errorMessage(error) ?? t('reset.error'));
          }
        }}
      />
    </section>
  );
}
