import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { discoverSignedInPages, includeSignedInPages, routes } from './app/routes.tsx';
import { loadPart } from './lib/dictionaries.ts';
import { adoptRenderedLocale, getLocale } from './lib/locale-state.ts';
import { loginPathFor } from './lib/login-path.ts';
import { QUERY_STATE_ID, ROUTER_STATE_ID, type TAnsweredQuery } from './lib/script-json.ts';
import { clearSessionData } from './lib/session-data.ts';
import { queryClient, setAuthorizationRequiredHandler, trpcClient } from './lib/trpc.ts';
import './styles.css';

const AUTH_PAGES = /^\/(admin\/)?(login|logout|register|reset-password|recovery-password)(\/|$)/;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const container = root;

/** A `<script type="application/json">` block of the server-rendered page, or null. */
function readBlock(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : null;
}

// The server drew this page (ADR 038): the first render must draw the same, in the same language,
// from the same data. A page served without server rendering (the Vite dev server) renders anew.
const routerState = readBlock(ROUTER_STATE_ID);
let hydrating = routerState !== null && adoptRenderedLocale(document.documentElement.lang === 'en' ? 'en' : 'de');
document.documentElement.lang = getLocale();

/**
 * Lets the browser run its own work (and end the current task) before the next step. Each step of
 * the start-up below is its own task: in one, the route modules' evaluation, the router's creation
 * and the start of hydration were a task of 150 ms and more on Lighthouse's slowed phone, and all
 * of a task beyond 50 ms counts as blocking time (ADR 038, "Scripts after the paint").
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The route modules the server used for this address, loaded before the first render, so that it
 * has the same components (no fallback, no mismatch). A signed-in page needs its table first. The
 * page's chunks were announced together (boot.ts), so loading one after the other costs no round
 * trips, and each module's evaluation is a task of its own.
 */
async function loadMatchedRoutes() {
  let matches = matchRoutes(routes, window.location);
  if (matches?.at(-1)?.route.path === '*') {
    const { signedInPages } = await import('./app/signed-in-routes.tsx');
    includeSignedInPages(signedInPages);
    matches = matchRoutes(routes, window.location);
  }
  for (const { route } of matches ?? []) {
    if (typeof route.lazy !== 'function') continue;
    await nextTask();
    Object.assign(route, { ...(await route.lazy()), lazy: undefined });
  }
}

async function start() {
  // A drawn page's script starts after its first paint (boot.ts), so this runs behind that paint.
  if (hydrating) {
    try {
      await loadMatchedRoutes();
      await nextTask();
      for (const [queryKey, data, updatedAt] of (readBlock(QUERY_STATE_ID) ?? []) as TAnsweredQuery[]) {
        queryClient.setQueryData(queryKey, data, { updatedAt });
      }
      // React Router reads the loaders' data (and turns the errors back into error objects) from here.
      (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = routerState;
    } catch (error) {
      // The page's code did not arrive (a deploy in between, the network): the router draws the
      // page anew and shows its error page, which offers to load it again.
      console.warn('page code failed to load', error);
      hydrating = false;
    }
  }
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverSignedInPages });

  // Spec §8: AUTHORIZATION_REQUIRED clears the session and goes to sign-in with `next`.
  setAuthorizationRequiredHandler(() => {
    const { pathname, search } = router.state.location;
    if (AUTH_PAGES.test(pathname)) return;
    clearSessionData();
    queryClient.clear();
    void router.navigate(`${loginPathFor(pathname)}?next=${encodeURIComponent(pathname + search)}`);
  });

  const app = (
    <AppProviders client={trpcClient} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  if (hydrating) {
    await nextTask();
    // In a transition, React hydrates in slices of a few milliseconds and lets the browser answer
    // in between; outside one it hydrates the whole page in one task, which Lighthouse's 4×
    // slowed phone counted as 600 ms and more of blocking time (ADR 038). The page is already
    // drawn, so nobody waits for it; a tap before the end makes React hydrate at once.
    startTransition(() => {
      hydrateRoot(container, app, {
        // Said in words, so the e2e fixture (e2e/support/fixtures.ts) fails any test that meets one.
        onRecoverableError: (error) => console.error('hydration problem:', error),
      });
    });
  } else createRoot(container).render(app);
}

// German shell texts ship with this entry; a stored English choice is a separate chunk, awaited so
// the first render is already English (no German flash, no raw keys). A failed load renders in
// German. Not a top-level await: with one, rolldown split the entry's shared modules into extra
// chunks that every page then requested separately.
loadPart(getLocale(), 'shell')
  .catch((error: unknown) => console.warn('dictionary failed to load', error))
  .finally(() => void start());
