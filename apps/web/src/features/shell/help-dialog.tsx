import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

// Loaded on first open: the modal and the video player stay out of the shell's chunk (ADR 020).
const HelpVideoModal = lazy(() => import('./help-video-modal.tsx'));

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
      {open && (
        <Suspense fallback={null}>
          <HelpVideoModal onClose={close} />
        </Suspense>
      )}
    </>
  );
}
