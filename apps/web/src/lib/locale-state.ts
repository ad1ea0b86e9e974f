import { DEFAULT_LOCALE, type TLocale } from '@portal/i18n';

const STORAGE_KEY = 'lang';
/** The cookie the server reads (apps/server/src/http/page-locale.ts). */
export const LOCALE_COOKIE = 'lang';
let current: TLocale = readStored();

function readStored(): TLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'en' || stored === 'de' ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** On the server, the locale of the request being rendered (entry-server.tsx); unset in the browser. */
let requestLocale: () => TLocale | undefined = () => undefined;
export const setRequestLocaleSource = (source: () => TLocale | undefined) => {
  requestLocale = source;
};

/** The locale outside React (the tRPC client's Accept-Language header reads it per call). */
export const getLocale = (): TLocale => (import.meta.env.SSR && requestLocale()) || current;

/**
 * The choice is kept in localStorage and in the `lang` cookie: the server reads the cookie to
 * render the first page in this language (ADR 038).
 */
export function storeLocale(locale: TLocale): void {
  current = locale;
  document.documentElement.lang = locale;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser we serve.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/**
 * The page the server rendered names its language in `<html lang>`, and hydration must render in
 * it. Returns false when this browser's own choice (localStorage) is the other language, which the
 * server could not know (a choice made before it was also kept in the cookie): the cookie then
 * follows the choice and the page is drawn anew in the chosen language, once.
 */
export function adoptRenderedLocale(rendered: TLocale): boolean {
  if (current !== rendered && hasStoredChoice()) {
    storeLocale(current);
    return false;
  }
  const cookie = /(?:^|;\s*)lang=(de|en)(?:;|$)/.exec(document.cookie)?.[1];
  if (cookie !== rendered || current !== rendered) storeLocale(rendered);
  return true;
}

function hasStoredChoice(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
