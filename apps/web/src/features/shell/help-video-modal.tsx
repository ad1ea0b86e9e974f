import { Modal } from '../../components/modal.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { useT } from '../../lib/i18n.tsx';
import { TUTORIAL_POSTER, TUTORIAL_VIDEO } from './tutorial-video.ts';

/**
 * The 'first steps' video dialog (spec §2). Its own module so that the modal and the player load
 * only when someone opens it, not with the navigation on every page (ADR 020).
 */
export default function HelpVideoModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal isOpen onClose={onClose} header={t('help.title')} size="large">
      <VideoPlayer src={TUTORIAL_VIDEO} poster={TUTORIAL_POSTER} title={t('video.title')} />
      <p>{t('help.intro')}</p>
      <ol>
        <li>{t('help.step_avv')}</li>
        <li>{t('help.step_settings')}</li>
        <li>{t('help.step_invite')}</li>
        <li>{t('help.step_assign')}</li>
      </ol>
    </Modal>
  );
}
