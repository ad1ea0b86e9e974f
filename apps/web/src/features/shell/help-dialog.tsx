import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

export const TUTORIAL_VIDEO = '/media/first-steps.mp4';
export const TUTORIAL_POSTER = '/media/first-steps-poster.png';

/**
 * Help for employers and managers (spec §2): the 'first steps' video dialog. It opens by itself
 * until the person has seen it once (`sawVideo`), unless the contract has to be accepted first;
 * closing it records that it was shown.
 */
export function HelpDialog({ me, autoOpen }: { me: TMe; autoOpen: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const update = trpc.employee.update.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
  useEffect(() => {
    if (autoOpen && !me.sawVideo) setOpen(true);
  }, [autoOpen, me.sawVideo]);
  const close = () => {
    setOpen(false);
    if (!me.sawVideo) update.mutate({ id: me.id, sawVideo: true });
  };
  return (
    <>
      <Button className="nav-button" onPress={() => setOpen(true)} aria-haspopup="dialog">
        {t('nav.help')}
      </Button>
      <Modal isOpen={open} onClose={close} header={t('help.title')} size="large">
        <VideoPlayer src={TUTORIAL_VIDEO} poster={TUTORIAL_POSTER} title={t('video.title')} />
        <p>{t('help.intro')}</p>
        <ol>
          <li>{t('help.step_avv')}</li>
          <li>{t('help.step_settings')}</li>
          <li>{t('help.step_invite')}</li>
          <li>{t('help.step_assign')}</li>
        </ol>
      </Modal>
    </>
  );
}
