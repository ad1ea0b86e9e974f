import { needsAvvNotification } from '@portal/validators';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { ConfirmEmailBanner } from '../auth/confirm-email-banner.tsx';
import { AvvBanner } from '../avv/avv-banner.tsx';
import { BlockedOverlay } from '../avv/blocked-overlay.tsx';
import { useActionsBlocked } from '../avv/use-actions-blocked.ts';
import { Footer } from './footer.tsx';
import { MainNav } from './main-nav.tsx';
import { PublicLayout } from './public-layout.tsx';
import { useMe } from './use-me.ts';

// The contract modal brings the markdown renderer (~50 KB gzip); only employers ever open it, so
// it loads when it opens instead of with every page (ADR 020).
const AvvModal = lazy(() => import('../avv/avv-modal.tsx'));

/** Pages that stay usable while actions are blocked (spec §2). */
const OPEN_WHILE_BLOCKED = /^\/(account-settings|logout)(\/|$)/;

/**
 * The shell of the signed-in pages: the navigation by role (a side bar on wide screens, a menu
 * button on narrow ones), the AVV notification, the overlay while actions are blocked, the page,
 * the footer. A lazy route of its own, so the sign-in page loads none of it (ADR 027).
 */
export default function SignedInLayout() {
  const t = useT();
  const me = useMe().data ?? null;
  const { pathname } = useLocation();
  const blocked = useActionsBlocked(me);
  const [avvOpen, setAvvOpen] = useState(false);
  const mustAccept = me?.role === 'employer' && !me.orderProcessingAccepted;
  // Spec §4: an employer who has not accepted sees the contract at once (and cannot close it).
  useEffect(() => {
    if (mustAccept) setAvvOpen(true);
  }, [mustAccept]);
  const openPage = OPEN_WHILE_BLOCKED.test(pathname);
  const overlay = blocked === true && !openPage;
  const checking = blocked === 'checking' && !openPage;

  // Signing out: the page is on its way to the sign-in page; nothing here belongs to anyone.
  if (!me) return <PublicLayout />;
  return (
    <div className="layout layout-app">
      <MainNav me={me} blocked={blocked !== false} onOpenAvv={() => setAvvOpen(true)} />
      <div className="layout-content">
        {needsAvvNotification(me) && <AvvBanner onRead={() => setAvvOpen(true)} />}
        {me.emailConfirmationPending && <ConfirmEmailBanner />}
        <main id="main" tabIndex={-1} className={`main${overlay ? ' main-blocked' : ''}`}>
          {overlay && <BlockedOverlay isEmployer={me.role === 'employer'} onRead={() => setAvvOpen(true)} />}
          {checking && <p role="status">{t('app.loading')}</p>}
          {!overlay && !checking && <Outlet />}
        </main>
        <Footer signedIn />
      </div>
      {me.role === 'employer' && avvOpen && (
        <Suspense fallback={null}>
          <AvvModal me={me} isOpen onClose={() => setAvvOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
