import { AVV_VERSION } from '@portal/validators';
import { Button, Checkbox } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { LegalMarkdown } from '../../components/legal-markdown.tsx';
import { Modal } from '../../components/modal.tsx';
import { useToast } from '../../components/toasts.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { formatDate } from '../../lib/format-date.ts';
import type { TMe } from '../../lib/guards.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * The contract modal of spec §2: the AVV text, the acceptance checkbox (locked once accepted),
 * the acceptance date, a close button only once accepted, cancel (= sign out) only before,
 * and 'Jetzt herunterladen' for the PDF.
 */
export default function AvvModal({ me, isOpen, onClose }: { me: TMe; isOpen: boolean; onClose: () => void }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const text = trpc.legal.get.useQuery({ document: 'avv', lang: locale }, { enabled: isOpen });
  const accept = trpc.employee.update.useMutation();
  const accepted = me.orderProcessingAccepted;

  const onAccept = async () => {
    try {
      await accept.mutateAsync({ id: me.id, orderProcessingAccepted: true });
      // Spec §4: saves the acceptance, closes the modal and reloads notifications.
      await utils.auth.me.invalidate();
      await utils.invalidate();
      toast.success(t('avv.accepted'));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      isDismissable={accepted}
      showCloseIcon={accepted}
      size="large"
      header={`${t('avv.title')} · ${t('avv.version', { version: AVV_VERSION })}`}
      footer={
        <>
          <Button
            className="button button-secondary"
            onPress={() =>
              void downloadFile(`/api/pdf/avv?lang=${locale}`).catch(() => {
                // Spec §8: a failed contract download is only logged.
                console.warn('AVV download failed');
              })
            }
          >
            {t('avv.download')}
          </Button>
          {accepted ? (
            <Button className="button button-primary" onPress={onClose}>
              {t('app.close')}
            </Button>
          ) : (
            <Button className="button button-ghost" onPress={() => void navigate('/logout')}>
              {t('avv.cancel')}
            </Button>
          )}
        </>
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling contract must be reachable by keyboard */}
      <div className="avv-text" tabIndex={0} role="document" aria-label={t('avv.title')}>
        {text.data ? <LegalMarkdown markdown={text.data.markdown} headingOffset={2} /> : <p>{t('app.loading')}</p>}
      </div>
      <div className="avv-accept">
        <Checkbox
          className="checkbox"
          isSelected={accepted}
          isDisabled={accepted || accept.isPending}
          onChange={(checked) => checked && void onAccept()}
        >
          {({ isSelected }) => (
            <>
              <span className="checkbox-box" aria-hidden="true">
                {isSelected && '✓'}
              </span>
              <span>{t('avv.checkbox')}</span>
            </>
          )}
        </Checkbox>
        {accepted && me.orderProcessingAcceptedAt && (
          <p className="muted">{t('avv.accepted_at', { date: formatDate(me.orderProcessingAcceptedAt) })}</p>
        )}
      </div>
    </Modal>
  );
}
