import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * Scripts only from our origin (no inline scripts); inline style attributes stay allowed because
 * react-aria positions popovers with them.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of ADR 009, the set Hono's secureHeaders sends with our options. */
export function securityHeaderList(options: { hsts: boolean }): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // One year, as the issue asks; only meaningful (and only sent) over HTTPS in production.
    ...(options.hsts ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * Security headers for every answer. Under @hono/node-server they go straight onto Node's
 * response before the handler runs (Node merges them into the status line's headers); setting
 * them on the finished fetch Response, as Hono's secureHeaders does, made the server build a full
 * Response per request and cost more CPU than a bare JSON answer (docs/benchmarks.md). Without a
 * Node response (`app.request()` in tests, other runtimes) they are set on the Response.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  const headers = securityHeaderList(options);
  return async (c, next) => {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    // A new Response: @hono/node-server's keeps headers changed after the fact only until its
    // body is read.
    const merged = new Headers(c.res.headers);
    for (const [name, value] of headers) merged.set(name, value);
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers: merged });
  };
}
