import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import type { TWebhookEndpoint } from './webhook-row.ts';

/**
 * Removing a receiver, after a question: it gets no more messages from now on (deliveries still
 * waiting are dropped by the queue), and its row with its delivery log stays, marked removed.
 */
export function RemoveWebhookDialog({
  endpoint,
  onClose,
  onRemoved,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  /** After the dialog has closed: the receiver's remove button, where focus came from, is gone. */
  onRemoved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.remove.useMutation();

  const confirm = async () => {
    if (!endpoint) return;
    try {
      await remove.mutateAsync({ id: endpoint.id });
      await utils.webhooks.list.invalidate();
      toast.success(t('webhooks.removed'));
      onClose();
      onRemoved();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <Modal
      isOpen={endpoint !== null}
      onClose={onClose}
      header={t('webhooks.remove_title')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button className="button button-danger" isPending={remove.isPending} onPress={confirm}>
            {t('webhooks.remove')}
          </Button>
        </>
      }
    >
      <p>{t('webhooks.remove_text', { name: endpoint?.name ?? '' })}</p>
    </Modal>
  );
}
