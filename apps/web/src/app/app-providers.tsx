import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { ToastProvider } from '../components/toasts.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { type TTrpcClient, trpc } from '../lib/trpc.ts';

/**
 * Everything around the router, the same in the browser (main.tsx) and on the server
 * (server/render-page.tsx): hydration only matches when both draw the same tree.
 */
export function AppProviders(props: { client: TTrpcClient; queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <trpc.Provider client={props.client} queryClient={props.queryClient}>
        <QueryClientProvider client={props.queryClient}>
          <I18nProvider>
            <ToastProvider>
              {props.children}
              <ReadyMark />
            </ToastProvider>
          </I18nProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}

/**
 * Marks `<html data-app="ready">` once the app runs in the browser (hydrated, or drawn anew): from
 * then on its buttons answer. A server-drawn page looks complete before that; the end-to-end
 * tests wait for the mark before they press anything (e2e/support/fixtures.ts).
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
