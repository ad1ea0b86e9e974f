import { Outlet, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

/**
 * The frame of every page: the skip link and the progress bar of a route that is loading. Below it
 * one of two layouts: the public one (sign-in, legal and 404 pages, spec §2 "navigation hidden")
 * in the entry, or the signed-in one with the navigation, loaded with the first signed-in page
 * (ADR 027).
 */
export function AppLayout() {
  const t = useT();
  const navigation = useNavigation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skip_to_content')}
      </a>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('app.loading')} />
      )}
      <Outlet />
    </>
  );
}
