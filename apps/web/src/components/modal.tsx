import type { ReactNode } from 'react';
import { Modal as AriaModal, Button, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';

export interface TModalProps {
  isOpen: boolean;
  onClose: () => void;
  header: ReactNode;
  children: ReactNode;
  /** Defaults to an OK button that closes the dialog. */
  footer?: ReactNode;
  /** Shows the × icon; `closeIconWidth` is its size in px (spec §2 default 22). */
  showCloseIcon?: boolean;
  closeIconWidth?: number;
  size?: 'default' | 'large';
  /** Full-screen sheet on small screens. */
  mobile?: boolean;
  /** Outside click and Escape close it unless false (e.g. a contract that must be answered). */
  isDismissable?: boolean;
}

/**
 * The generic modal of spec §2: header, body, footer, optional close icon, large and mobile
 * styles, closes on outside click, locks page scrolling (react-aria does both), traps focus.
 */
export function Modal({
  isOpen,
  onClose,
  header,
  children,
  footer,
  showCloseIcon = true,
  closeIconWidth = 22,
  size = 'default',
  mobile = false,
  isDismissable = true,
}: TModalProps) {
  const t = useT();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="modal-overlay"
    >
      <AriaModal className={`modal modal-${size}${mobile ? ' modal-mobile' : ''}`}>
        <Dialog className="modal-dialog">
          <header className="modal-header">
            <Heading slot="title">{header}</Heading>
            {showCloseIcon && (
              <Button className="modal-close" aria-label={t('modal.close')} onPress={onClose}>
                <svg width={closeIconWidth} height={closeIconWidth} viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Button>
            )}
          </header>
          <div className="modal-body">{children}</div>
          <footer className="modal-footer">
            {footer ?? (
              <Button className="button button-primary" onPress={onClose}>
                {t('app.ok')}
              </Button>
            )}
          </footer>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
