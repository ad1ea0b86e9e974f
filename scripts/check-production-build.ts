import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../packages/db/src/testing/postgres-cluster.ts';
import { waitForHealth } from './support/wait-for-health.ts';

/*
 * `npm test`'s check of the production build (issue 16, ADR 029): after `npm run build`, the
 * server runs the way `npm run start:production` and the container run it, plain `node` on the
 * compiled JavaScript with two processes, on a fresh SQLite file with demo data. A hook refuses
 * any TypeScript module. It must answer health, readiness, the web app, the OpenAPI document and
 * a signed-in REST call, then drain on SIGTERM and exit 0.
 */

const entry = 'apps/server/dist/main.js';
if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);

const dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const password = 'Produktion-Probe-Lauf-73';
const problems: string[] = [];
let server: ChildProcess | undefined;

try {
  server = spawn(
    process.execPath,
    ['--import', './scripts/support/forbid-typescript.mjs', '--conditions=compiled', '--enable-source-maps', entry],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_FILE: join(dir, 'portal.sqlite'),
        PUBLIC_URL: base,
        // Nothing listens there: mails wait in the outbox, which this check does not need.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SEED_DEMO: 'true',
        DEMO_PASSWORD: password,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'warn',
      },
    },
  );
  await waitForHealth(server, base);
  await expectStatus('/readyz', 200);
  const page = await expectStatus('/login', 200);
  if (!(await page.text()).includes('<div id="root">')) problems.push('/login does not serve the web app');
  const openapi = (await (await expectStatus('/api/openapi.json', 200)).json()) as { paths?: object };
  if (Object.keys(openapi.paths ?? {}).length < 20) problems.push('/api/openapi.json lists too few paths');
  const login = await fetch(`${base}/api/employee/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'employee@example.com', password }),
  });
  const token = ((await login.json()) as { id?: string }).id;
  if (!token) problems.push(`sign-in answered ${login.status} without a session`);
  const trainings = await fetch(`${base}/api/trainings/get-trainings?lang=de`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = trainings.ok ? ((await trainings.json()) as unknown[]) : [];
  if (!Array.isArray(list) || list.length === 0) problems.push(`the trainings list answered ${trainings.status}`);

  const running = server;
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 40_000);
    running.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
    running.kill('SIGTERM');
  });
  if (code !== 0) problems.push(`after SIGTERM the server ended with ${code ?? 'no exit within 40 s'}`);
} finally {
  if (server?.exitCode === null) server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

async function expectStatus(path: string, status: number): Promise<Response> {
  const response = await fetch(`${base}${path}`);
  if (response.status !== status) problems.push(`${path} answered ${response.status}, expected ${status}`);
  return response;
}

if (problems.length > 0) {
  console.error(`production build: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('production build: node on the compiled output serves, signs in and drains (2 processes)');
