import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

/** Shown when a page fails to load (e.g. a lazy chunk after a deploy, or the server is down). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="main narrow" id="main">
      <h1>{notFound ? t('pages.not_found') : t('app.something_went_wrong')}</h1>
      <p>{notFound ? t('pages.not_found_text') : t('errors.network')}</p>
      <Link to="/" className="button button-primary">
        {t('app.home')}
      </Link>
    </main>
  );
}
