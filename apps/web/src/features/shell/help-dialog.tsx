import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * Help for employers and managers (spec §2): the 'first steps' dialog. Closing it records that the
 * person has seen it (`sawVideo`). The tutorial video joins this dialog with the workspace issue.
 */
export function HelpDialog({ me }: { me: TMe }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const update = trpc.employee.update.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
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
