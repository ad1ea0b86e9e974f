import type { TMessageKey } from '@portal/i18n';
import { type PatchRoutesOnNavigationFunction, type RouteObject, redirect } from 'react-router';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { PublicLayout } from '../features/shell/public-layout.tsx';
import { RouteErrorPage } from '../features/shell/route-error-page.tsx';
import { TitledOutlet } from '../features/shell/titled-outlet.tsx';
import { HOME_BY_ROLE, requireUser } from '../lib/guards.ts';
import type { TRouteHandle } from '../lib/route-handle.ts';
import { page, shellPage, type TLazyPage } from './lazy-page.ts';

// '/' only redirects (a signed-out visitor to /login), so it must not wait for the page texts.
const titleOnly = shellPage(() => import('../routes/title-page.tsx'));

const publicRoute = (path: string, title: TMessageKey, lazy: TLazyPage): RouteObject => ({
  path,
  handle: { title } satisfies TRouteHandle,
  lazy,
});

/**
 * Pages without navigation (spec §2: sign-in, registration, password, legal and 404 pages), plus
 * '/' and '/logout', which only move on. They render in the public layout, which ships with the
 * entry.
 */
const publicPages: RouteObject[] = [
  {
    path: '/',
    loader: async ({ request }) => {
      const me = await requireUser(request);
      return redirect(HOME_BY_ROLE[me.role]);
    },
    handle: { title: 'pages.home' } satisfies TRouteHandle,
    lazy: titleOnly,
  },
  publicRoute(
    '/login',
    'pages.login',
    shellPage(() => import('../features/auth/login-page.tsx')),
  ),
  publicRoute(
    '/admin/login',
    'pages.admin_login',
    shellPage(() => import('../features/auth/admin-login-page.tsx')),
  ),
  publicRoute(
    '/login/:token',
    'pages.first_login',
    page(() => import('../features/auth/first-login-page.tsx')),
  ),
  publicRoute(
    '/register',
    'pages.register',
    page(() => import('../features/auth/register-page.tsx')),
  ),
  publicRoute(
    '/reset-password',
    'pages.password_recovery',
    page(() => import('../features/auth/reset-password-page.tsx')),
  ),
  publicRoute(
    '/admin/reset-password',
    'pages.password_recovery',
    page(() => import('../features/auth/admin-reset-password-page.tsx')),
  ),
  publicRoute(
    '/recovery-password/:token',
    'pages.set_new_password',
    page(() => import('../features/auth/recovery-password-page.tsx')),
  ),
  publicRoute(
    '/admin/recovery-password/:token',
    'pages.set_new_password',
    page(() => import('../features/auth/admin-recovery-password-page.tsx')),
  ),
  publicRoute(
    '/confirm-email/:token',
    'pages.confirm_email',
    page(() => import('../features/auth/confirm-email-page.tsx')),
  ),
  publicRoute(
    '/confirm-contact/:token',
    'pages.confirm_contact',
    page(() => import('../features/phishing/confirm-contact-page.tsx')),
  ),
  publicRoute(
    '/verify',
    'pages.verify',
    page(() => import('../features/certificates/verify-page.tsx')),
  ),
  publicRoute(
    '/verify/:code',
    'pages.verify',
    page(() => import('../features/certificates/verify-page.tsx')),
  ),
  publicRoute(
    '/order-data-processing',
    'pages.order_data_processing',
    page(() => import('../routes/legal-page.tsx')),
  ),
  publicRoute(
    '/datenschutzhinweise',
    'pages.data_protection_notes',
    page(() => import('../routes/legal-page.tsx')),
  ),
  publicRoute(
    '/data-protection-notes',
    'pages.data_protection_notes',
    page(() => import('../routes/legal-page.tsx')),
  ),
  { path: '/logout', lazy: page(() => import('../features/auth/logout-page.tsx')) },
  {
    path: '*',
    handle: { title: 'pages.not_found' } satisfies TRouteHandle,
    lazy: page(() => import('../routes/not-found-page.tsx')),
  },
];

/**
 * Every page's failure (unknown course, slide or id, a failed load) shows in the page's place,
 * inside its layout: header, navigation and footer stay; the error page explains what happened and
 * offers a way on (ADR 027). The title element gives way to the error page, which sets its own.
 */
const IN_PAGE_ERRORS = { element: <TitledOutlet />, errorElement: <RouteErrorPage /> } satisfies RouteObject;

/** The route whose children, the signed-in pages, are discovered on navigation (ADR 037). */
export const SIGNED_IN_PAGES = 'signed-in-pages';

/**
 * What the router shows while the first page's data loads in the browser without a server-drawn
 * page (the Vite dev server, or a page whose code failed to arrive): nothing, as before issue 25.
 * Named, so React Router knows it is meant and does not warn.
 */
function NothingYet() {
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: NothingYet,
    // Only when the shell itself fails: the error page then brings its own header.
    errorElement: <RouteErrorPage standalone />,
    children: [
      { element: <PublicLayout />, children: [{ ...IN_PAGE_ERRORS, children: publicPages }] },
      {
        // The navigation and the AVV handling load with the first signed-in page, and with the page
        // texts, whose sections (avv, help) they use (ADR 027).
        lazy: page(() => import('../features/shell/signed-in-layout.tsx')),
        // Filled by `discoverSignedInPages` from signed-in-routes.tsx.
        children: [{ ...IN_PAGE_ERRORS, id: SIGNED_IN_PAGES, children: [] }],
      },
    ],
  },
];

let signedInPagesAdded: Promise<void> | null = null;

/**
 * Puts the signed-in pages into the table before a router is made from it: the server renders
 * with the whole table, and a browser hydrating a server-rendered page needs the same matches
 * (ADR 038). Later navigations then need no discovery.
 */
export function includeSignedInPages(pages: RouteObject[]): RouteObject[] {
  const parent = findRoute(routes, SIGNED_IN_PAGES);
  if (!parent) throw new Error(`route ${SIGNED_IN_PAGES} missing`);
  parent.children = pages;
  signedInPagesAdded = Promise.resolve();
  return routes;
}

function findRoute(list: RouteObject[], id: string): RouteObject | undefined {
  for (const route of list) {
    if (route.id === id) return route;
    const found = route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Adds the signed-in pages the first time the router meets a path the public pages do not match
 * exactly (a signed-in page matches only the public 404 until then). Once: later navigations find
 * them in the table.
 */
export const discoverSignedInPages: PatchRoutesOnNavigationFunction = ({ patch }) => {
  signedInPagesAdded ??= import('./signed-in-routes.tsx').then(
    ({ signedInPages }) => patch(SIGNED_IN_PAGES, signedInPages),
    (error: unknown) => {
      // A failed chunk load is retried on the next navigation; this one ends on the error page.
      signedInPagesAdded = null;
      throw error;
    },
  );
  return signedInPagesAdded;
};
