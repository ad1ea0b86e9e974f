import type { MiddlewareHandler } from 'hono';

/** Path segments after these carry one-time tokens: they never reach a log. */
const TOKEN_PATHS = /^(\/(?:admin\/)?(?:login|recovery-password))\/[^/?]+/;

export const redactPath = (path: string) => path.replace(TOKEN_PATHS, '$1/:token');

/**
 * One line per request: method, path (tokens redacted, no query string), status, time.
 * Headers and bodies are never logged, so passwords, cookies and tokens stay out of logs.
 */
export const requestLog =
  (write: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`);
  };
