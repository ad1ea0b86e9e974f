import { Outlet } from 'react-router';
import { useDocumentTitle, useRouteHandle } from '../../lib/route-handle.ts';

/**
 * The page below the shell, with the document title from its route. It is the element of the
 * route that also holds the error boundary: when a page fails, the error page replaces this one
 * and sets its own title.
 */
export function TitledOutlet() {
  useDocumentTitle(useRouteHandle().title);
  return <Outlet />;
}
