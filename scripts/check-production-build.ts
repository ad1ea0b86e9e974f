import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../packages/db/src/testing/postgres-cluster.ts';
import { waitForHealth } from './support/wait-for-health.ts';

/*
 * `npm test`'s check of the production build (issue 16, ADR 029, ADR 008): after `npm run build`,
 * the server runs the way `npm run start:production` and the container run it, plain `node` on
 * the compiled JavaScript with two processes, on a fresh SQLite file without demo data and
 * without NODE_ENV: the compiled start must be production by itself, so /dev/mailbox answers 404
 * even to this machine. A hook refuses any TypeScript module. It must answer health, readiness,
 * the web app drawn on the server, the OpenAPI document, register a policyholder through the public registration
 * call, sign in with it and make a signed-in REST call, then drain on SIGTERM and exit 0. A
 * second start with SEED_DEMO=true must refuse to start, with the reason.
 */

const entry = 'apps/server/dist/main.js';
if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);

const dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const password = 'Produktion-Probe-Lauf-73';
const email = 'inhaberin@produktion-probe.example';
const problems: string[] = [];
let server: ChildProcess | undefined;

/** What production needs; no NODE_ENV, no SEED_DEMO, no DEMO_PASSWORD. */
const settings = {
  PATH: process.env.PATH,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_FILE: join(dir, 'portal.sqlite'),
  PUBLIC_URL: base,
  // Nothing listens there: mails wait in the outbox, which this check does not need.
  SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  // Off by default until issue 25 is done; the compiled server must find and load dist-server/.
  SERVER_RENDERING: 'on',
  WEB_CONCURRENCY: '2',
  LOG_LEVEL: 'warn',
};
const start = (env: Record<string, string | undefined>, stderr: 'inherit' | 'pipe') =>
  spawn(
    process.execPath,
    ['--import', './scripts/support/forbid-typescript.mjs', '--conditions=compiled', '--enable-source-maps', entry],
    { stdio: ['ignore', 'inherit', stderr], env },
  );

try {
  server = start(settings, 'inherit');
  await waitForHealth(server, base);
  await expectStatus('/readyz', 200);
  const page = await expectStatus('/login', 200);
  const html = await page.text();
  if (!html.includes('<div id="root">')) problems.push('/login does not serve the web app');
  // Drawn by the server (ADR 038): the compiled server finds and loads dist-server/ by itself.
  if (!/<div id="root">.*<h1>/s.test(html) || !html.includes('id="router-state"'))
    problems.push('/login is not drawn on the server');
  const openapi = (await (await expectStatus('/api/openapi.json', 200)).json()) as { paths?: object };
  if (Object.keys(openapi.paths ?? {}).length < 20) problems.push('/api/openapi.json lists too few paths');
  // Production without NODE_ENV: no development pages, not even for a caller on this machine.
  const mailbox = await expectStatus('/dev/mailbox', 404);
  if ((await mailbox.text()).includes('Postfach')) problems.push('/dev/mailbox shows the outbox');
  const registered = await fetch(`${base}/api/employee/create-employer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Petra',
      lastname: 'Probe',
      companyName: 'Probe-Lauf GmbH',
      email,
      password,
      confirmPassword: password,
      confirmLicense: true,
      dataProtectionPolicyAccepted: true,
      orderProcessingAccepted: true,
    }),
  });
  if (registered.status !== 200) problems.push(`registration answered ${registered.status}`);
  const login = await fetch(`${base}/api/employee/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await login.json()) as { id?: string; userId?: string };
  if (!session.id) problems.push(`sign-in answered ${login.status} without a session`);
  const authorization = { authorization: `Bearer ${session.id}` };
  const account = await fetch(`${base}/api/employee/${session.userId}`, { headers: authorization });
  const read = account.ok ? ((await account.json()) as { email?: string }) : {};
  if (read.email !== email) problems.push(`the signed-in account read answered ${account.status}`);
  // A new policyholder has no courses assigned yet: an empty list, read from the database.
  const trainings = await fetch(`${base}/api/trainings/get-trainings?lang=de`, { headers: authorization });
  if (!trainings.ok || !Array.isArray(await trainings.json())) {
    problems.push(`the trainings list answered ${trainings.status}`);
  }

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

  // The demo seed in production: refused before anything listens, with the reason on stderr.
  const refused = start({ ...settings, NODE_ENV: 'production', SEED_DEMO: 'true' }, 'pipe');
  server = refused;
  let stderr = '';
  refused.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const refusal = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 20_000);
    refused.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (refusal === 0 || refusal === null) {
    problems.push(`a production start with SEED_DEMO=true ${refusal === null ? 'kept running' : 'exited with 0'}`);
  }
  if (!stderr.includes('SEED_DEMO=true is refused in production')) {
    problems.push(`a production start with SEED_DEMO=true did not say why: ${JSON.stringify(stderr.trim())}`);
  }
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
console.log(
  'production build: node on the compiled output is production without NODE_ENV, serves, registers and signs in, drains (2 processes), and refuses SEED_DEMO=true',
);
