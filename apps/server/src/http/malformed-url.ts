import { createTranslator, localeFromAcceptLanguage } from '@portal/i18n';
import type { Context, MiddlewareHandler } from 'hono';

const MESSAGE_KEY = 'http.malformed_url';

/** Whether the text holds a percent escape that does not decode (a lone `%`, `%zz`, invalid UTF-8). */
function hasBadEscape(text: string): boolean {
  if (!text.includes('%')) return false;
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether the request's URL, as the client sent it, has a percent escape that does not decode, in
 * the path or in the query. `&`, `=` and `/` are plain ASCII and never part of an escape, so the
 * whole path and the whole query decode exactly when each segment and each key and value does.
 */
export function isMalformedUrl(url: string): boolean {
  if (!url.includes('%')) return false;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return false;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const query = url.indexOf('?', start);
  if (query === -1 || query > end) return hasBadEscape(url.slice(start, end));
  return hasBadEscape(url.slice(start, query)) || hasBadEscape(url.slice(query + 1, end));
}

/**
 * 400 for a malformed URL, in the shape of the layer that was called, translated: tRPC's error
 * shape under /trpc, the REST shape under /api and for the probes, a line of text for files and
 * pages.
 */
export function malformedUrlAnswer(c: Context) {
  const message = createTranslator(localeFromAcceptLanguage(c.req.header('accept-language') ?? null))(MESSAGE_KEY);
  const headers = { 'Cache-Control': 'no-store' };
  const path = new URL(c.req.url).pathname;
  if (/^\/trpc(?:\/|$)/.test(path)) {
    return c.json(
      {
        error: {
          message,
          code: -32600,
          data: {
            code: 'BAD_REQUEST',
            httpStatus: 400,
            errorCode: 'BAD_REQUEST',
            messageKey: MESSAGE_KEY,
            issues: null,
          },
        },
      },
      400,
      headers,
    );
  }
  if (/^\/api(?:\/|$)|^\/(?:healthz|readyz)$/.test(path)) {
    return c.json(
      { success: false, code: 'BAD_REQUEST', message, messageKey: MESSAGE_KEY, issues: null },
      400,
      headers,
    );
  }
  return c.text(message, 400, headers);
}

/**
 * Refuses a URL with a bad percent escape before any route reads it (ASVS 13.x/14.x input
 * handling): the decoders of the routes and libraries below (the web app's asset lookup, tRPC's
 * procedure path) throw on one, and the tolerant ones (Hono's params and query, URLSearchParams)
 * would pass a half-decoded or U+FFFD-replaced value on. It is the client's mistake: 400, and
 * nothing above the request log's info line.
 */
export function rejectMalformedUrls(): MiddlewareHandler {
  return async (c, next) => {
    if (isMalformedUrl(c.req.url)) return malformedUrlAnswer(c);
    return next();
  };
}
