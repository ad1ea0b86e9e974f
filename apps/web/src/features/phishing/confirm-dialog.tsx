import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { useT } from '../../lib/i18n.tsx';

/** A question before a step that sends mail, stops it or deletes something. */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  danger = false,
  isPending,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      header={title}
      footer={
        <>
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            isPending={isPending}
            onPress={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
