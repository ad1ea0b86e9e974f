import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import type { TApiKey } from './api-key-row.ts';

/**
 * Revoking a key, after a question: every server process refuses the key from its next call on,
 * and it cannot be undone. The list then shows the key as revoked on today's date.
 */
export function RevokeApiKeyDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: TApiKey | null;
  onClose: () => void;
  /** After the dialog has closed: the key's revoke button, where focus came from, is gone. */
  onRevoked: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const revoke = trpc.apiKeys.revoke.useMutation();

  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync({ id: apiKey.id });
      await utils.apiKeys.list.invalidate();
      toast.success(t('api_keys.revoked'));
      onClose();
      onRevoked();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <Modal
      isOpen={apiKey !== null}
      onClose={onClose}
      header={t('api_keys.revoke_title')}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button className="button button-danger" isPending={revoke.isPending} onPress={confirm}>
            {t('api_keys.revoke')}
          </Button>
        </>
      }
    >
      <p>{t('api_keys.revoke_text', { name: apiKey?.name ?? '' })}</p>
    </Modal>
  );
}
