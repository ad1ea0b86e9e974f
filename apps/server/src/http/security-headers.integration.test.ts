import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { issuePersonalCertificate, loadConfig, syncCourses, type TConfig } from '@portal/core';
import { closeDatabase, openDatabase } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeCourses,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { appRoutePaths } from '../../../web/vite.route-table.ts';
import { createApp } from '../app.ts';
import { EXPECTED_HSTS, securityHeaderProblems } from '../test/security-headers.ts';

/**
 * Issue 7 / ADR 009: the security headers on every page and every kind of answer the server
 * gives. Every route of the web app (read from its route table, so a new page is
 * covered at once), the public verification page, the 404 page, JSON from /api and /trpc, files
 * (certificate PDF and preview, AVV PDF, course images, built assets), the API docs, errors and
 * a crash. Once over plain http (no HSTS) and once as production behind https (HSTS everywhere).
 * Every generated /api operation is also checked, for every role, in
 * tenant-isolation-rest.integration.test.ts.
 */

const here = dirname(fileURLToPath(import.meta.url));
const WEB_INDEX = join(here, '../../../web/index.html');

/** Sample values for the route parameters of the web app. */
const PARAMS: Record<string, string> = {
  token: 'k7x2beispiellinktoken',
  code: 'ABCD-EFGH-JKLM',
  slug: 'malware',
  id: '00000000-0000-4000-8000-000000000000',
  campaignId: '00000000-0000-4000-8000-000000000001',
  slide: '3',
  step: '2',
};

/**
 * The page paths of the web app, read by the route table's own parser (the one the build's preloads
 * and the e2e accessibility matrix use): index routes answer at their parent's path, the splat
 * as `*`.
 */
const webAppPaths = (): string[] =>
  appRoutePaths()
    .filter((path) => !path.endsWith(' (index)'))
    .map((path) => (path === '/*' ? '*' : path));

const concrete = (path: string) =>
  path === '*'
    ? '/diese-seite-gibt-es-nicht'
    : path.replace(/:([a-zA-Z]+)\??/g, (_, name: string) => {
        const value = PARAMS[name];
        if (!value) throw new Error(`no sample value for :${name} in ${path}`);
        return value;
      });

// ── The server ─────────────────────────────────────────────────────────────────────────────────

let t: TTestDb;
let webDist: string;
let employee: TSeededUser & { companyId: string };
let employeeToken: string;
let certificateCode: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Production behind https: HSTS on, `__Host-` cookie, no dev mailbox. */
const productionConfig = (database: TTestDb): TConfig =>
  loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example',
    SMTP_URL: 'smtp://localhost:2525',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(database.dialect === 'postgres' ? { DATABASE_URL: database.location } : { DATABASE_FILE: database.location }),
    LOG_LEVEL: 'silent',
  });

let apps: { name: string; hsts: boolean; app: ReturnType<typeof createApp>; base?: string }[] = [];
const servers: ServerType[] = [];

/**
 * Both ways a request reaches the app: `app.request()` (a fetch Request, as in most tests) and a
 * real socket through @hono/node-server, where the headers are set on Node's response instead.
 */
const TRANSPORTS = ['app.request', 'socket'] as const;
function send(
  entry: (typeof apps)[number],
  via: (typeof TRANSPORTS)[number],
  path: string,
  init?: RequestInit,
): Promise<Response> {
  if (via === 'app.request') return Promise.resolve(entry.app.request(path, init));
  return fetch(`${entry.base}${path}`, { ...init, redirect: 'manual' });
}

beforeAll(async () => {
  t = await createTestDb();
  // The web app's own index.html and a hashed asset, as `npm run build` leaves them.
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  copyFileSync(WEB_INDEX, join(webDist, 'index.html'));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");\n');

  const employer = await seedEmployer(t.db, { companyName: 'Kopfzeilen GmbH' });
  employee = { ...(await seedEmployee(t.db, employer.companyId)), companyId: employer.companyId };
  employeeToken = (await sessionFor(t.db, employee)).token;
  const slugs = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];
  await syncCourses(t.db);
  await completeCourses(t.db, employee, slugs);
  certificateCode = (await issuePersonalCertificate(t.db, { ...employee, lang: 'de' }, 'de')).code;

  apps = [
    {
      name: 'http (development)',
      hsts: false,
      app: createApp({ db: t.db, config: t.config, logger: silent, webDist }),
    },
    {
      name: 'https (production)',
      hsts: true,
      app: createApp({ db: t.db, config: productionConfig(t), logger: silent, webDist }),
    },
  ];
  for (const entry of apps) {
    await new Promise<void>((resolve) => {
      servers.push(
        serve({ fetch: entry.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
          entry.base = `http://127.0.0.1:${info.port}`;
          resolve();
        }),
      );
    });
  }
});
afterAll(async () => {
  for (const server of servers) server.close();
  await t.cleanup();
  rmSync(webDist, { recursive: true, force: true });
});

// ── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe('security headers on every page of the web app', () => {
  const paths = webAppPaths();

  it('reads the route table', () => {
    expect(paths.length).toBeGreaterThanOrEqual(30);
    for (const path of ['/login', '/verify/:code', '/trainings/:slug/quiz/:step', '/admin/upload', '/phishing', '*']) {
      expect(paths).toContain(path);
    }
  });

  for (const setup of ['http (development)', 'https (production)']) {
    it(`every route answers the page with the headers, over ${setup}`, async () => {
      const entry = apps.find((candidate) => candidate.name === setup);
      if (!entry) throw new Error(`no app ${setup}`);
      const { hsts } = entry;
      const problems: string[] = [];
      for (const via of TRANSPORTS) {
        for (const path of paths) {
          const url = concrete(path);
          const response = await send(entry, via, url, { headers: { accept: 'text/html' } });
          const body = await response.text();
          const where = `${url} (${via})`;
          if (response.status !== 200 || !body.includes('<div id="root">')) {
            problems.push(`${where}: ${response.status}, not the web app`);
          }
          if (!response.headers.get('content-type')?.startsWith('text/html')) {
            problems.push(`${where}: content-type ${response.headers.get('content-type')}`);
          }
          for (const problem of securityHeaderProblems(response.headers, { hsts }))
            problems.push(`${where}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the page ships no inline script, so the CSP without unsafe-inline does not break it', () => {
    const html = readFileSync(WEB_INDEX, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="\//);
      expect(content?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('security headers on every other kind of answer', () => {
  interface TProbe {
    label: string;
    path: string;
    init?: RequestInit;
    status: number;
    type?: RegExp;
    /** Expected Cache-Control; personal answers must not be stored. */
    cache?: RegExp;
  }
  const bearer = () => ({ authorization: `Bearer ${employeeToken}` });
  const probes = (): TProbe[] => [
    { label: 'health check', path: '/healthz', status: 200, type: /json/, cache: /no-store/ },
    {
      label: 'authenticated REST GET',
      path: `/api/employee/${employee.id}`,
      init: { headers: bearer() },
      status: 200,
      type: /json/,
      cache: /^no-store$/,
    },
    {
      label: 'REST error (no session)',
      path: `/api/employee/${employee.id}`,
      status: 401,
      type: /json/,
      cache: /^no-store$/,
    },
    { label: 'REST unknown path', path: '/api/gibt-es-nicht', status: 404, type: /json/ },
    {
      label: 'REST failed sign-in',
      path: '/api/employee/login',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'niemand@example.com', password: 'falsch-falsch-falsch' }),
      },
      status: 401,
      type: /json/,
    },
    {
      label: 'tRPC query',
      path: '/trpc/auth.me',
      init: { headers: bearer() },
      status: 200,
      type: /json/,
      cache: /^no-store$/,
    },
    {
      label: 'certificate PDF download',
      path: `/api/certificates/pdf/${certificateCode}`,
      init: { headers: bearer() },
      status: 200,
      type: /^application\/pdf$/,
      cache: /^private, no-store$/,
    },
    {
      label: 'certificate preview image',
      path: `/api/certificates/preview/${certificateCode}`,
      init: { headers: bearer() },
      status: 200,
      type: /^image\/png$/,
      cache: /^private, no-store$/,
    },
    {
      label: 'certificate of someone else',
      path: '/api/certificates/pdf/ABCD-EFGH-JKLM',
      init: { headers: bearer() },
      status: 404,
      type: /json/,
      cache: /^no-store$/,
    },
    { label: 'AVV PDF', path: '/api/pdf/avv?lang=de', status: 200, type: /^application\/pdf$/ },
    { label: 'OpenAPI document', path: '/api/openapi.json', status: 200, type: /json/ },
    { label: 'API docs page', path: '/api/docs', status: 200, type: /html/ },
    { label: 'API docs script', path: '/api/docs/init.js', status: 200, type: /javascript/ },
    { label: 'course image', path: '/media/courses/malware/image.svg', status: 200, type: /^image\/svg\+xml/ },
    { label: 'missing course image', path: '/media/courses/malware/fehlt.svg', status: 404 },
    {
      label: 'built asset',
      path: '/assets/index-abc123.js',
      status: 200,
      type: /javascript/,
      cache: /immutable/,
    },
  ];

  for (const setup of ['http (development)', 'https (production)']) {
    it(`over ${setup}`, async () => {
      const entry = apps.find((candidate) => candidate.name === setup);
      if (!entry) throw new Error(`no app ${setup}`);
      const { hsts } = entry;
      const problems: string[] = [];
      for (const [via, probe] of TRANSPORTS.flatMap((via) => probes().map((probe) => [via, probe] as const))) {
        const response = await send(entry, via, probe.path, probe.init);
        await response.arrayBuffer();
        const where = `${probe.label} (${probe.path}, ${via})`;
        if (response.status !== probe.status) problems.push(`${where}: status ${response.status}`);
        const type = response.headers.get('content-type') ?? '';
        if (probe.type && !probe.type.test(type)) problems.push(`${where}: content-type ${type}`);
        const cache = response.headers.get('cache-control') ?? '';
        if (probe.cache && !probe.cache.test(cache)) problems.push(`${where}: cache-control ${JSON.stringify(cache)}`);
        for (const problem of securityHeaderProblems(response.headers, { hsts })) problems.push(`${where}: ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the development mailbox page has them too, and production has no mailbox', async () => {
    const [development, production] = apps;
    if (!development) throw new Error('no development app');
    // Over the socket: the mailbox answers loopback callers only (apps/server/src/dev/dev-routes.ts).
    const page = await send(development, 'socket', '/dev/mailbox');
    expect(page?.status).toBe(200);
    expect(await page?.text()).toContain('Entwicklungs-Postfach');
    expect(securityHeaderProblems(page?.headers ?? new Headers(), { hsts: false })).toEqual([]);
    const none = await production?.app.request('/dev/mailbox');
    expect(none?.status).toBe(404);
    expect(await none?.text()).not.toContain('Entwicklungs-Postfach');
  });

  it('a crash answers the generic 500 with the headers', async () => {
    // A handle of its own on the test database, closed under the running app: reading the session
    // of a certificate download throws (a closed handle is a bug, not the database being away).
    const broken = openDatabase(t.location);
    const app = createApp({ db: broken, config: productionConfig(t), logger: silent, webDist });
    await closeDatabase(broken);
    const response = await app.request('/api/certificates/pdf/ABC', { headers: { authorization: 'Bearer x.y' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong',
    });
    expect(securityHeaderProblems(response.headers, { hsts: true })).toEqual([]);
    expect(response.headers.get('strict-transport-security')).toBe(EXPECTED_HSTS);
  });

  it('the production session cookie is __Host- with Secure', async () => {
    const production = apps[1];
    const response = await production?.app.request('/trpc/employee.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: employee.email, password: employee.password }),
    });
    expect(response?.status).toBe(200);
    const cookie = response?.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^__Host-session=[a-z0-9]+\.[a-z0-9]+; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=43200$/,
    );
  });
});
