import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '@portal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { appRoutePaths } from '../../../web/vite.route-table.ts';
import { createApp } from '../app.ts';

/**
 * Issue 37.7: a page (drawn by the server, ADR 038) requested with an odd `Authorization` header
 * answers as it does without one (the sign-in redirect for a guarded page, the page itself for a
 * public one), never 5xx. An insurer API key (`Bearer pk_…`) is no way into a page: it answered 500,
 * as the page's procedures refused the key and the page turned the refusal into its error page.
 * Every page of the route table (read by its own parser), with the server's real renderer: the
 * web app's server entry is built for this file (about two seconds).
 */

const here = dirname(fileURLToPath(import.meta.url));
const WEB = join(here, '../../../web');
const ROOT = join(WEB, '../..');

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

const pagePaths = (): string[] =>
  appRoutePaths()
    .filter((path) => !path.endsWith(' (index)'))
    .map((path) =>
      path === '/*'
        ? '/diese-seite-gibt-es-nicht'
        : path.replace(/:([a-zA-Z]+)\??/g, (_, name: string) => {
            const value = PARAMS[name];
            if (!value) throw new Error(`no sample value for :${name} in ${path}`);
            return value;
          }),
    );

let t: TTestDb;
let dir: string;
let app: ReturnType<typeof createApp>;
let realKey: string;
let employeeToken: string;
const errors: string[] = [];
const logger = {
  info: () => {},
  warn: () => {},
  error: (line: string, error?: unknown) => errors.push(`${line} ${error instanceof Error ? error.message : ''}`),
};

/** The odd headers, by name; each must be answered like a request without one. */
const ODD: Record<string, () => string> = {
  'an insurer API key of the right form': () => `Bearer pk_${crypto.randomUUID()}_${'A'.repeat(43)}`,
  'a real, active insurer API key': () => `Bearer ${realKey}`,
  'the bare key prefix': () => 'Bearer pk_',
  'a key without Bearer': () => realKey,
  'a lower-case scheme with a key': () => `bearer   ${realKey}`,
  'a session token of the right form that is no session': () => `Bearer ${'a'.repeat(24)}.${'b'.repeat(32)}`,
  'garbage after Bearer': () => 'Bearer %%%<script>"\'\\',
  'Bearer alone': () => 'Bearer',
  'Bearer and spaces': () => 'Bearer    ',
  empty: () => '',
  'Basic credentials': () => `Basic ${Buffer.from('admin:admin').toString('base64')}`,
  'a Digest answer': () => 'Digest username="a", realm="b", nonce="c", uri="/", response="d"',
  'two schemes': () => `Bearer x, Bearer ${realKey}`,
  'very long': () => `Bearer ${'x'.repeat(64_000)}`,
  'very long key form': () => `Bearer pk_${'x'.repeat(64_000)}`,
  'latin-1 bytes': () => 'Bearer \u00ff\u00e4\u00f6\u00fc',
  'a JWT': () => 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiJ9.',
};

beforeAll(async () => {
  // The built browser index.html is not needed: the source one stands in for it, as in the
  // other tests of the web app's routes. The server entry must be the real one, built next to it,
  // inside the repository so that its packages resolve from the root's node_modules.
  mkdirSync(join(ROOT, 'data'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'data', 'page-authorization-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  copyFileSync(join(WEB, 'index.html'), join(dir, 'dist', 'index.html'));
  execFileSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(dir, 'dist-server'), '--logLevel', 'error'],
    { cwd: WEB, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
  );

  t = await createTestDb();
  const admin = await seedAdmin(t.db);
  const employer = await seedEmployer(t.db, { companyName: 'Kopfzeilen GmbH' });
  const employee = await seedEmployee(t.db, employer.companyId);
  employeeToken = (await sessionFor(t.db, employee)).token;
  const actor = { ...admin, role: 'admin' as const, companyId: null, lang: 'de' as const };
  realKey = (await createApiKey(t.db, actor, { name: 'Versicherer' }, { ip: '192.0.2.1' })).token;
  app = createApp({ db: t.db, config: { ...t.config, SERVER_RENDERING: 'on' }, logger, webDist: join(dir, 'dist') });
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, authorization?: string) =>
  app.request(path, { headers: { accept: 'text/html', ...(authorization === undefined ? {} : { authorization }) } });

describe('odd Authorization headers on the pages', () => {
  const paths = pagePaths();

  it('reads the route table and draws its pages on the server', async () => {
    expect(paths.length).toBeGreaterThanOrEqual(30);
    // Drawn, not the plain app: the guard answered from the server.
    const trainings = await get('/trainings');
    expect(trainings.status).toBe(302);
    expect(trainings.headers.get('location')).toBe('/login?next=%2Ftrainings');
    expect(await (await get('/login')).text()).toContain('<form');
  });

  it('every page answers an odd header as it answers none: a redirect to sign-in, a public page, never 5xx', async () => {
    const problems: string[] = [];
    for (const path of paths) {
      const plain = await get(path);
      const expected = { status: plain.status, location: plain.headers.get('location') };
      expect(expected.status, path).toBeLessThan(500);
      for (const [name, header] of Object.entries(ODD)) {
        const answer = await get(path, header());
        const got = { status: answer.status, location: answer.headers.get('location') };
        if (got.status !== expected.status || got.location !== expected.location) {
          problems.push(`${path} with ${name}: ${got.status} ${got.location ?? ''}, without: ${expected.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a guarded page with an API key goes to the sign-in page', async () => {
    for (const path of ['/trainings', '/users', '/insurer', '/admin/policyholders']) {
      const answer = await get(path, `Bearer ${realKey}`);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toMatch(/^\/(admin\/)?login\?next=/);
    }
  });

  it('a session token as Bearer still opens the page (Lighthouse signs in this way)', async () => {
    const answer = await get('/trainings', `Bearer ${employeeToken}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root"><');
  });
});
