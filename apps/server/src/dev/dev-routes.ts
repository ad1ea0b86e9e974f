import type { TConfig } from '@portal/core';
import type { TDatabase } from '@portal/db';
import { type Context, Hono } from 'hono';
import proxyaddr from 'proxy-addr';
import { socketAddress } from '../http/client-ip.ts';
import { devMailboxRoutes } from './mailbox.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
const isLoopback = proxyaddr.compile('loopback');

/**
 * Headers a reverse proxy adds. A proxy on the same machine connects from loopback while the
 * request it forwards comes from anywhere, so a request carrying any of them is not local.
 */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

/**
 * Development pages answer only in development and tests, and only to a caller on this machine:
 * the socket's peer is a loopback address (never a forwarded address, whatever TRUST_PROXY says)
 * and no proxy header is present. A request without a socket (`app.request()` without an
 * `{ incoming }` env) is refused too.
 */
export function devPagesAllowed(config: Pick<TConfig, 'NODE_ENV'>, c: Context): boolean {
  if (config.NODE_ENV !== 'development' && config.NODE_ENV !== 'test') return false;
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const address = socketAddress(c);
  return address !== undefined && isLoopback(address, 0);
}

/**
 * Everything under /dev (ADR 008): the dev mailbox shows reset and invitation links, which open
 * accounts. Where it is not allowed, every /dev path answers 404 as a path that does not exist
 * (not the web app's page, which would answer 200); in production the pages are not even mounted.
 */
export function devRoutes(db: TDatabase, config: Pick<TConfig, 'NODE_ENV'>) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!devPagesAllowed(config, c)) return c.notFound();
    await next();
  });
  if (config.NODE_ENV !== 'production') app.route('/mailbox', devMailboxRoutes(db));
  app.all('*', (c) => c.notFound());
  return app;
}
