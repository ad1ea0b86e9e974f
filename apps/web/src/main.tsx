import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { discoverSignedInPages, routes } from './app/routes.tsx';
import { ToastProvider } from './components/toasts.tsx';
import { loadPart } from './lib/dictionaries.ts';
import { I18nProvider } from './lib/i18n.tsx';
import { getLocale } from './lib/locale-state.ts';
import { loginPathFor } from './lib/safe-next.ts';
import { clearSessionData } from './lib/session-data.ts';
import { queryClient, setAuthorizationRequiredHandler, trpc, trpcClient } from './lib/trpc.ts';
import './styles.css';

document.documentElement.lang = getLocale();
const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverSignedInPages });

const AUTH_PAGES = /^\/(admin\/)?(login|logout|register|reset-password|recovery-password)(\/|$)/;

// Spec §8: AUTHORIZATION_REQUIRED clears the session and goes to sign-in with `next`.
setAuthorizationRequiredHandler(() => {
  const { pathname, search } = router.state.location;
  if (AUTH_PAGES.test(pathname)) return;
  clearSessionData();
  queryClient.clear();
  void router.navigate(`${loginPathFor(pathname)}?next=${encodeURIComponent(pathname + search)}`);
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const container = root;

function render() {
  createRoot(container).render(
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </I18nProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>,
  );
}

// German shell texts ship with this entry; a stored English choice is a separate chunk, awaited so
// the first render is already English (no German flash, no raw keys). A failed load renders in
// German. Not a top-level await: with one, rolldown split the entry's shared modules into extra
// chunks that every page then requested separately.
loadPart(getLocale(), 'shell')
  .catch((error: unknown) => console.warn('dictionary failed to load', error))
  .finally(render);
