import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { loadConfig, type TConfig } from '@portal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_PUBLIC_URL, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/**
 * ADR 008: the development pages (/dev/mailbox shows reset and invitation links, which open
 * accounts) answer only in development and tests, and only to a caller on this machine, judged by
 * the socket's address, never by X-Forwarded-For. Everyone else gets a plain 404, not the web
 * app's page. The socket address comes through the env @hono/node-server passes to the app
 * (`incoming.socket.remoteAddress`, what getConnInfo reads); one request goes over a real socket.
 */

let t: TTestDb;
let webDist: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const servers: ServerType[] = [];

const configFor = (NODE_ENV: 'development' | 'test' | 'production', extra: Record<string, string> = {}): TConfig =>
  loadConfig({
    NODE_ENV,
    PUBLIC_URL: TEST_PUBLIC_URL,
    SMTP_URL: 'smtp://127.0.0.1:9',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(t.dialect === 'postgres' ? { DATABASE_URL: t.location } : { DATABASE_FILE: t.location }),
    LOG_LEVEL: 'silent',
    ...extra,
  });
const appFor = (config: TConfig) => createApp({ db: t.db, config, logger: silent, webDist });

const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

beforeAll(async () => {
  t = await createTestDb();
  // A built web app answers any unknown path with its page (200): /dev must answer 404 before it.
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  for (const server of servers) server.close();
  await t.cleanup();
  rmSync(webDist, { recursive: true, force: true });
});

describe('/dev/mailbox', () => {
  it('answers a caller on this machine in development and tests', async () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const app = appFor(configFor(NODE_ENV));
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const page = await app.request('/dev/mailbox', {}, from(address));
        expect(page.status, `${NODE_ENV} from ${address}`).toBe(200);
        expect(await page.text()).toContain('Entwicklungs-Postfach');
      }
    }
  });

  it('answers 404 to a caller from elsewhere, even with TRUST_PROXY and a loopback X-Forwarded-For', async () => {
    const app = appFor(configFor('development', { TRUST_PROXY: '1' }));
    for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.5', '2001:db8::1']) {
      const page = await app.request('/dev/mailbox', {}, from(address));
      expect(page.status, address).toBe(404);
      expect(await page.text()).not.toContain('Postfach');
    }
    const forged = await app.request('/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } }, from('10.0.0.2'));
    expect(forged.status).toBe(404);
  });

  it('answers 404 to a forwarded request from a proxy on this machine', async () => {
    const app = appFor(configFor('development', { TRUST_PROXY: '127.0.0.1' }));
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'portal.example' },
    ];
    for (const headers of forwarded) {
      const page = await app.request('/dev/mailbox', { headers }, from('127.0.0.1'));
      expect(page.status, JSON.stringify(headers)).toBe(404);
    }
  });

  it('answers 404 without a socket address (app.request without env)', async () => {
    expect((await appFor(configFor('test')).request('/dev/mailbox')).status).toBe(404);
  });

  it('answers 404 in production, even to this machine, and so does every other /dev path', async () => {
    const production = appFor(configFor('production'));
    for (const path of ['/dev/mailbox', '/dev/mailbox/', '/dev/anything', '/dev/']) {
      const page = await production.request(path, {}, from('127.0.0.1'));
      expect(page.status, path).toBe(404);
      expect(await page.text()).not.toContain('Postfach');
    }
    const development = appFor(configFor('development'));
    expect((await development.request('/login', {}, from('203.0.113.9'))).status).toBe(200);
    expect((await development.request('/dev/anything', {}, from('127.0.0.1'))).status).toBe(404);
    expect((await development.request('/dev/anything', {}, from('203.0.113.9'))).status).toBe(404);
  });

  it('over a real socket on 127.0.0.1: 200, and 404 once a proxy header is on the request', async () => {
    const app = appFor(configFor('test'));
    const base = await new Promise<string>((resolve) => {
      servers.push(
        serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve(`http://127.0.0.1:${info.port}`),
        ),
      );
    });
    expect((await fetch(`${base}/dev/mailbox`)).status).toBe(200);
    const forwarded = await fetch(`${base}/dev/mailbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(404);
  });
});
