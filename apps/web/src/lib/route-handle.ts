import type { TMessageKey } from '@portal/i18n';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useT } from './i18n.tsx';

/** Per-route facts the shell reads: the page title. */
export interface TRouteHandle {
  title?: TMessageKey;
}

/** The deepest route's handle with a title. */
export function useRouteHandle(): TRouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as TRouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return {};
}

/** Keeps the document title in step with the page and the language. */
export function useDocumentTitle(title: TMessageKey | undefined) {
  const t = useT();
  useEffect(() => {
    document.title = title ? `${t(title)} – ${t('app.title')}` : t('app.title');
  }, [t, title]);
}
