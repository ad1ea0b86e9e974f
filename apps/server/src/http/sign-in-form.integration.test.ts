import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  STRONG_PASSWORD,
  seedEmployee,
  seedEmployer,
  TEST_PUBLIC_URL,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/**
 * Issue 37.5: the sign-in without JavaScript (sign-in-form.ts) follows `next` by the one rule of
 * safeNext (packages/validators): `next=/%09/evil.example` arrived as `/\t/evil.example`, passed
 * the prefix check and went out as `Location: /\t/evil.example`, which browsers read as
 * `//evil.example`. Every redirect that follows the address of a request goes by the same rule:
 * a form posted to a page (`POST //evil.example/` came back as `Location: //evil.example/`).
 */

const WEB_INDEX = join(dirname(fileURLToPath(import.meta.url)), '../../../web/index.html');

let t: TTestDb;
let webDist: string;
let app: ReturnType<typeof createApp>;
let email: string;
let server: ServerType;
let port: number;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestDb();
  // The web app as the build leaves it (its index.html): the server's page routes answer.
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  copyFileSync(WEB_INDEX, join(webDist, 'index.html'));
  app = createApp({ db: t.db, config: t.config, logger: silent, webDist });
  const { companyId } = await seedEmployer(t.db);
  ({ email } = await seedEmployee(t.db, companyId));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  server?.close();
  await t?.cleanup();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** The form as the /login page posts it, from the portal's own page. */
const postForm = (query: string, password = STRONG_PASSWORD) =>
  app.request(`/login?${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: TEST_PUBLIC_URL,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });

/** Where a browser goes with this Location, from a page of the portal. */
const landsOn = (location: string | null) => new URL(location ?? '', `${TEST_PUBLIC_URL}/login`);

/** Whether a Location is a path of the portal: one `/`, then no control character or backslash. */
const isOwnPath = (location: string | null): boolean =>
  typeof location === 'string' &&
  location.startsWith('/') &&
  !location.startsWith('//') &&
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters are what is checked
  !/[\u0000-\u0020\u007f\\]/.test(location) &&
  landsOn(location).origin === TEST_PUBLIC_URL;

describe('the sign-in form without JavaScript follows only paths of the portal', () => {
  it('next=/%09/evil.example (the reported case) answers a same-origin path', async () => {
    const answer = await postForm('next=/%09/evil.example');
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location');
    expect(isOwnPath(location), String(location)).toBe(true);
    expect(location).toBe('/');
    expect(answer.headers.get('set-cookie')).toContain('session');
  });

  it('a known path is followed after the sign-in', async () => {
    const answer = await postForm(`next=${encodeURIComponent('/trainings/malware?x=1')}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/trainings/malware?x=1');
  });

  it('other payloads in next go home after the sign-in, and are not handed back after a failure', async () => {
    for (const next of [
      '/%0a/evil.example',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
      '%2F%2Fevil.example',
      '/.//evil.example',
      `/${encodeURIComponent('\\')}/evil.example`,
      encodeURIComponent('https:evil.example'),
      encodeURIComponent('//user@evil.example'),
    ]) {
      const signedIn = await postForm(`next=${next}`);
      expect(signedIn.headers.get('location'), next).toBe('/');
      const failed = await postForm(`next=${next}`, 'wrong-password-entirely');
      expect(failed.headers.get('location'), next).toBe('/login?failed=1');
    }
  });
});

describe('redirects that follow the request address', () => {
  it('a form posted to a page before its script ran comes back to the path, never to another host', async () => {
    expect((await app.request('/users?page=2', { method: 'POST' })).headers.get('location')).toBe('/users?page=2');
    const answer = await app.request('//evil.example/x', { method: 'POST' });
    expect(answer.status).toBe(303);
    expect(isOwnPath(answer.headers.get('location')), String(answer.headers.get('location'))).toBe(true);
  });

  it('the same over a real socket, where the client sends the raw path', async () => {
    for (const target of ['//evil.example/x', '/\\evil.example/x', '///evil.example']) {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
          );
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      const location = /^location: (.*)$/im.exec(head)?.[1]?.trim() ?? null;
      expect(head, target).toMatch(/^HTTP\/1\.1 (303|400|404)/);
      if (location !== null) expect(isOwnPath(location), `${target} → ${location}`).toBe(true);
    }
  });
});
