import { loadConfig, type TTrustProxy } from '@portal/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIpResolver } from './client-ip.ts';

/**
 * Which address the sign-in limit and the audit log see (ADR 004), for both kinds of proxy
 * setting. nginx with `$proxy_add_x_forwarded_for` and AWS load balancers append the address
 * they received the request from to whatever X-Forwarded-For the client sent, so a client can
 * put any address on the left. The socket address is set through the env Hono's node adapter
 * passes (`incoming.socket.remoteAddress`, what getConnInfo reads).
 */

const trustOf = (TRUST_PROXY: string): TTrustProxy => loadConfig({ TRUST_PROXY }).TRUST_PROXY;

/** The address the resolver picks for one request from `socket` with that X-Forwarded-For. */
async function addressFor(
  setting: string,
  forwardedFor: string | undefined,
  socket: string | undefined,
): Promise<string> {
  const clientIp = clientIpResolver(trustOf(setting));
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const env = socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } };
  return (await app.request('/', { headers }, env)).text();
}

describe('client address with TRUST_PROXY as a number of proxies', () => {
  it('one proxy that appends: the address it appended, not what the client wrote (today: the left-most won)', async () => {
    expect(await addressFor('1', 'spoofed, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
    expect(await addressFor('1', '198.51.100.1, 198.51.100.2, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
    // `true` keeps meaning one proxy.
    expect(await addressFor('true', 'spoofed, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
  });

  it('two proxies: the address the outer one appended', async () => {
    // client → load balancer (appends the client) → nginx 10.0.0.3 (appends the balancer) → portal
    expect(await addressFor('2', 'spoofed, 203.0.113.7, 10.0.0.3', '10.0.0.2')).toBe('203.0.113.7');
    expect(await addressFor('2', ' 203.0.113.7 ,10.0.0.3 ', '10.0.0.2')).toBe('203.0.113.7');
  });

  it('fewer entries than proxies: the left-most entry, as proxy-addr counts', async () => {
    expect(await addressFor('2', '203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
    expect(await addressFor('3', '198.51.100.1, 203.0.113.7', '10.0.0.2')).toBe('198.51.100.1');
  });

  it('no header: the socket address', async () => {
    expect(await addressFor('1', undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(await addressFor('1', '', '10.0.0.2')).toBe('10.0.0.2');
  });
});

describe('client address with TRUST_PROXY as the proxies’ addresses', () => {
  it('the first address from the right outside the list; the client’s own entries on its left do not count', async () => {
    expect(await addressFor('10.0.0.0/8,127.0.0.1', 'spoofed, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
    expect(await addressFor('10.0.0.0/8,127.0.0.1', '10.1.1.1, 203.0.113.7, 10.0.0.9', '127.0.0.1')).toBe(
      '203.0.113.7',
    );
    // The client writes a trusted-looking address on the left: it is left of the real one, never reached.
    expect(await addressFor('10.0.0.0/8', '10.9.9.9, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
  });

  it('a peer that is not a listed proxy is the client, whatever the header says', async () => {
    expect(await addressFor('10.0.0.0/8,127.0.0.1', 'spoofed, 198.51.100.9', '203.0.113.50')).toBe('203.0.113.50');
  });

  it('every entry a proxy: the left-most one; IPv4-mapped socket addresses match IPv4 ranges', async () => {
    expect(await addressFor('10.0.0.0/8', '10.0.0.7, 10.0.0.8', '10.0.0.2')).toBe('10.0.0.7');
    expect(await addressFor('10.0.0.0/8', '203.0.113.7', '::ffff:10.0.0.2')).toBe('203.0.113.7');
    expect(await addressFor('loopback,2001:db8::/32', '203.0.113.7, 2001:db8::1', '::1')).toBe('203.0.113.7');
  });
});

describe('client address without a trusted proxy', () => {
  it('false (the default) and 0 ignore X-Forwarded-For', async () => {
    for (const setting of ['false', '0', '']) {
      expect(await addressFor(setting, 'spoofed, 203.0.113.7', '198.51.100.4')).toBe('198.51.100.4');
    }
  });

  it('without a socket (app.request in tests) the address is `local`', async () => {
    expect(await addressFor('false', '203.0.113.7', undefined)).toBe('local');
    expect(await addressFor('10.0.0.0/8', '203.0.113.7', undefined)).toBe('local');
  });
});
