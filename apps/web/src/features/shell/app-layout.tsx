import { Outlet, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle, useRouteHandle } from '../../lib/use-page-title.ts';
import { Footer } from './footer.tsx';
import { MainNav } from './main-nav.tsx';
import { PublicHeader } from './public-header.tsx';
import { useMe } from './use-me.ts';

/** The app shell: navigation (hidden on flagged pages, spec §2), the page, the footer links. */
export function AppLayout() {
  const t = useT();
  const handle = useRouteHandle();
  useDocumentTitle(handle.title);
  const me = useMe().data ?? null;
  const navigation = useNavigation();
  const showNav = !handle.hideNav && me !== null;

  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        {t('app.skip_to_content')}
      </a>
      {showNav ? <MainNav me={me} /> : <PublicHeader />}
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('app.loading')} />
      )}
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      <Footer signedIn={me !== null} />
    </div>
  );
}
