import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppRouter } from '@portal/api';
import { presentsApiKey } from '@portal/core';
import { localeFromAcceptLanguage, type TLocale } from '@portal/i18n';
import type { TRPCLink } from '@trpc/client';
import { parse as parseCookies } from 'hono/utils/cookie';

/*
 * The web app's server entry (apps/web/src/entry-server.tsx, ADR 038), as this server sees it. The
 * web build writes it to dist-server/ beside the browser's dist/; the server loads it on the first
 * page request. The shapes below are the entry's `renderPage`: the server is not compiled with
 * the web app, so they are restated here, and the e2e suites are what checks that both agree.
 */

export type TRenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; lang: TLocale; title: string; body: string; data: string };

export type TRenderPage = (
  request: Request,
  options: { locale: TLocale; link: TRPCLink<AppRouter> },
) => Promise<TRenderedPage>;

/** The built server entry next to `distDir`, or null when the web app was built without it. */
export function serverEntryOf(distDir: string): (() => Promise<TRenderPage>) | null {
  const file = resolve(distDir, '../dist-server/entry-server.js');
  if (!existsSync(file)) return null;
  let loading: Promise<TRenderPage> | null = null;
  return () => {
    loading ??= import(pathToFileURL(file).href).then((module: { renderPage: TRenderPage }) => module.renderPage);
    return loading;
  };
}

/** The cookie the browser keeps its language choice in (apps/web/src/lib/locale-state.ts). */
const LOCALE_COOKIE = 'lang';

/** The page's language: the browser's choice, else its Accept-Language, else German (spec §7). */
export function pageLocale(cookie: string | undefined, acceptLanguage: string | undefined): TLocale {
  const chosen = cookie ? parseCookies(cookie, LOCALE_COOKIE)[LOCALE_COOKIE] : undefined;
  if (chosen === 'de' || chosen === 'en') return chosen;
  return localeFromAcceptLanguage(acceptLanguage ?? null);
}

/**
 * The request the page's procedures see: the session cookie and the page's language, sent by this
 * server itself (`Sec-Fetch-Site: same-origin`). Whichever site linked to the page, its answer
 * goes only into this person's own page, as it would when the browser's script asked after
 * loading; what the drawing may change is limited by the link (page-link.ts).
 */
export function procedureRequest(page: Request, locale: TLocale): Request {
  const headers = new Headers({ 'accept-language': locale, 'sec-fetch-site': 'same-origin' });
  for (const name of ['cookie', 'user-agent']) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // A Bearer session too, as the API takes it (Lighthouse sends one). An insurer API key is no way
  // into a page: passed on, every procedure of the page refused it (403) and the page answered
  // 500 (issue 37.7). Left out, the page is drawn as for no header at all: a guarded page sends
  // the visitor to sign in. Any other odd value is a token of no session, with the same answer.
  const authorization = page.headers.get('authorization');
  if (authorization !== null && !presentsApiKey(authorization)) headers.set('authorization', authorization);
  return new Request(page.url, { method: 'GET', headers });
}
