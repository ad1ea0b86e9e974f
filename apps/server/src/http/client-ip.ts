import { getConnInfo } from '@hono/node-server/conninfo';
import type { TTrustProxy } from '@portal/core';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';

/** What the socket address is called when there is no socket (`app.request()` in tests). */
export const NO_SOCKET_ADDRESS = 'local';

/**
 * The address of the TCP peer: the client, or the proxy in front of the portal. Never a header.
 * `undefined` when there is no socket, as in `app.request()` without a `{ incoming }` env.
 */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The caller's address, for the sign-in limit per address and the audit log (ADR 004).
 *
 * X-Forwarded-For is read from the right: a proxy such as nginx with
 * `$proxy_add_x_forwarded_for` or an AWS load balancer appends the address it received the
 * request from to whatever the client sent, so the entries on the left are the client's own
 * words and only the right-most ones were written by proxies we trust. proxy-addr (Express's
 * `trust proxy`) walks the chain; its trust function is built here once, not per request:
 * - `hops`: the first `hops` addresses from the socket inwards are proxies; the next one is the
 *   client (with fewer entries than hops, the left-most entry);
 * - `addresses`: every address inside the trusted ranges is a proxy; the first one from the right
 *   that is not is the client. A socket peer outside the list is the client itself, whatever the
 *   header says.
 */
export function clientIpResolver(trust: TTrustProxy): (c: Context) => string {
  const fromSocket = (c: Context) => socketAddress(c) ?? NO_SOCKET_ADDRESS;
  if (trust.kind === 'none') return fromSocket;
  const trusts: (address: string, index: number) => boolean =
    trust.kind === 'hops' ? (_address, index) => index < trust.hops : proxyaddr.compile([...trust.addresses]);
  return (c) => {
    const forwardedFor = c.req.header('x-forwarded-for');
    if (!forwardedFor) return fromSocket(c);
    // proxy-addr reads a Node request; these two fields are all it looks at (forwarded's parser).
    const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: fromSocket(c) } };
    return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trusts);
  };
}
