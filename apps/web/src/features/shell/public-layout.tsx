import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { PublicHeader } from './public-header.tsx';
import { useMe } from './use-me.ts';

/** Pages without navigation (spec §2): sign-in, registration, password pages, legal texts, 404. */
export function PublicLayout() {
  const me = useMe().data ?? null;
  return (
    <div className="layout">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      <Footer signedIn={me !== null} />
    </div>
  );
}
