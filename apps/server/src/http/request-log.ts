import type { MiddlewareHandler } from 'hono';

/** Path segments after these carry one-time tokens: they never reach a log. */
const TOKEN_PATHS = /^(\/(?:(?:admin\/)?(?:login|recovery-password)|confirm-email|confirm-contact))\/[^/?]+/;

export const redactPath = (path: string) => path.replace(TOKEN_PATHS, '$1/:token');

/** The path as the client sent it, still percent-encoded: a `%0A` in it cannot start a forged log line. */
const rawPath = (url: string) => {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.search(/[?#]/);
  return start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end);
};

/**
 * One line per request: method, path (tokens redacted, no query string, as sent: not decoded),
 * status, time. Headers and bodies are never logged, so passwords, cookies and tokens stay out of
 * logs.
 */
export const requestLog =
  (write: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${redactPath(rawPath(c.req.url))} ${c.res.status} ${ms}ms`);
  };
