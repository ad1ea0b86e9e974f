import { needsAvvNotification } from '@portal/validators';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { AvvBanner } from '../avv/avv-banner.tsx';
import { BlockedOverlay } from '../avv/blocked-overlay.tsx';
import { useActionsBlocked } from '../avv/use-actions-blocked.ts';
import { Footer } from './footer.tsx';
import { MainNav } from './main-nav.tsx';
import { PublicHeader } from './public-header.tsx';
import { useMe } from './use-me.ts';

// The contract modal brings the markdown renderer (~50 KB gzip); only employers ever open it, so
// it loads when it opens instead of with every page (ADR 020).
const AvvModal = lazy(() => import('../avv/avv-modal.tsx'));

/** The app shell: navigation (hidden on flagged pages, spec §2), the page, the footer links. */
export function AppLayout() {
  const t = useT();
  const handle = useRouteHandle();
  const me = useMe().data ?? null;
  const navigation = useNavigation();
  const showNav = !handle.hideNav && me !== null;
  const { pathname } = useLocation();
  const blocked = useActionsBlocked(me);
  const [avvOpen, setAvvOpen] = useState(false);
  const mustAccept = me?.role === 'employer' && !me.orderProcessingAccepted;
  // Spec §4: an employer who has not accepted sees the contract at once (and cannot close it).
  useEffect(() => {
    if (mustAccept && showNav) setAvvOpen(true);
  }, [mustAccept, showNav]);
  const openPage = /^\/(account-settings|logout)(\/|$)/.test(pathname);
  const overlay = showNav && blocked === true && !openPage;
  const checking = showNav && blocked === 'checking' && !openPage;

  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        {t('app.skip_to_content')}
      </a>
      {showNav ? <MainNav me={me} blocked={blocked !== false} onOpenAvv={() => setAvvOpen(true)} /> : <PublicHeader />}
      {showNav && me && needsAvvNotification(me) && <AvvBanner onRead={() => setAvvOpen(true)} />}
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('app.loading')} />
      )}
      <main id="main" tabIndex={-1} className={`main${overlay ? ' main-blocked' : ''}`}>
        {overlay && <BlockedOverlay isEmployer={me?.role === 'employer'} onRead={() => setAvvOpen(true)} />}
        {checking && <p role="status">{t('app.loading')}</p>}
        {!overlay && !checking && <Outlet />}
      </main>
      {showNav && me?.role === 'employer' && avvOpen && (
        <Suspense fallback={null}>
          <AvvModal me={me} isOpen onClose={() => setAvvOpen(false)} />
        </Suspense>
      )}
      <Footer signedIn={me !== null} />
    </div>
  );
}
