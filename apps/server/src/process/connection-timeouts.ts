import type { Server } from 'node:http';

/*
 * How long an idle kept-alive connection stays open. Node's 5 s lets the server close a
 * connection at the moment its client (a reverse proxy's upstream pool, or a test's fetch pool)
 * sends the next request on it: the request meets a reset (ECONNRESET, a 502 at the proxy). CI
 * of 19a6b12 lost one of 100 registrations in a burst to exactly this. Longer than the usual
 * proxy idle timeouts (nginx 60 s, AWS ALB 60 s), so the client always closes first; headers
 * must still arrive within a second more than that (Node checks them on idle connections too).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

export function applyConnectionTimeouts(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}
