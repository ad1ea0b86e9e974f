import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startPostgresCluster, type TPostgresCluster } from '@portal/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { openPostgresOrm } from '../../../../packages/db/src/postgres-database.ts';
import { workersOf } from '../test/spawn-portal.ts';

/*
 * The real server, started as a production operator would (ADR 029): `WEB_CONCURRENCY=2` gives a
 * primary with two server processes on one port; SIGTERM drains them without cutting off a request;
 * a PostgreSQL restart under load answers clean 503s and then recovers without restarting them.
 */
const MAIN = join(import.meta.dirname, '../main.ts');
const PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
const started: ChildProcess[] = [];

async function startPortal(location: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(location.startsWith('postgres') ? { DATABASE_URL: location } : { DATABASE_FILE: location }),
      SEED_DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '2',
      WEB_DIST: join(import.meta.dirname, 'no-web-app-here'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  const base = `http://127.0.0.1:${port}`;
  // Up to a minute: three processes compile the sources with tsx, and a loaded CI machine took
  // longer than 30 s once (beside a benchmark).
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { child, base };
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    await sleep(100);
  }
  throw new Error('the portal did not become ready');
}

/**
 * The demo's customer accounts. Sign-ins in flight at once are spread over them: more than ten
 * at once on one account are refused while they run, as a burst of guesses would be (ADR 004).
 */
const ACCOUNTS = ['employee', 'employee2', 'employee3', 'manager', 'employer'].map((name) => `${name}@example.com`);

const signIn = (base: string, index = 0) =>
  fetch(`${base}/api/employee/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS[index % ACCOUNTS.length], password: PASSWORD }),
  });

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

describe('several server processes', () => {
  let t: TTestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  it('WEB_CONCURRENCY=2 serves from two processes, and SIGTERM finishes every request in flight', async () => {
    // No forced close in this test: the drain has to end by itself, idle connections included.
    const { child, base } = await startPortal(t.location, { SHUTDOWN_TIMEOUT_MS: '120000' });
    expect(workersOf(child)).toHaveLength(2);

    // Sign-ins are slow (argon2): many are still running when the stop signal arrives. Sixteen,
    // eight a process: with 24 (twelve a process against a pool of ten) a loaded CI machine gave
    // one a clean 503 for a database connection it waited for too long (CI of 7410dbc), which is
    // not what this test is about.
    const total = 16;
    let answered = 0;
    const requests = Array.from({ length: total }, (_, index) =>
      signIn(base, index).then((response) => {
        answered += 1;
        return response.status;
      }),
    );
    await sleep(150);
    const exited = once(child, 'exit');
    const stopAsked = Date.now();
    child.kill('SIGTERM');
    const inFlight = total - answered;
    expect(await Promise.all(requests)).toEqual(Array.from({ length: total }, () => 200));
    // The stop signal did arrive while requests were running.
    expect(inFlight).toBeGreaterThan(0);
    const [code] = await exited;
    expect(code).toBe(0);
    // The fetch pool's idle connections did not hold the drain for their 65 s keep-alive.
    expect(Date.now() - stopAsked).toBeLessThan(40_000);
    // Drained: nothing answers on the port any more.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 90_000);

  it('keeps an idle connection open longer than a proxy would (no reset on its next request)', async () => {
    const { base } = await startPortal(t.location, { SEED_DEMO: 'false' });
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(base).port) });
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ask = async () => {
      received = '';
      socket.write('GET /healthz HTTP/1.1\r\nHost: portal\r\n\r\n');
      for (let attempt = 0; attempt < 100 && !received.includes('\r\n\r\n'); attempt += 1) await sleep(50);
      return received;
    };
    const first = await ask();
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first.toLowerCase()).toContain('keep-alive: timeout=65');
    // Node's default would have closed it after 5 s of quiet.
    await sleep(6_000);
    expect(socket.destroyed || socket.readableEnded).toBe(false);
    expect(await ask()).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  }, 90_000);
});

describe('a PostgreSQL restart under load', () => {
  let cluster: TPostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
    await admin.execute(sql`create database portal_fault`);
    await admin.$client.end();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('answers clean 503s while the database is away and recovers without a restart', async () => {
    const { child, base } = await startPortal(cluster.url('portal_fault'));
    const workers = workersOf(child);
    const login = await signIn(base);
    const { id: token } = (await login.json()) as { id: string };
    const courses = () =>
      fetch(`${base}/api/progress/get-progress`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
    expect((await courses()).status).toBe(200);

    cluster.pause();
    const whileAway = await Promise.all(Array.from({ length: 10 }, () => courses()));
    for (const response of whileAway) {
      expect(response.status).toBe(503);
      const body = (await response.json()) as { message: string };
      expect(body.message).toBe(
        'The portal is temporarily unavailable. Please try again in a few minutes; what you have saved so far is kept.',
      );
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack|ECONN/);
    }
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    cluster.resume();
    let recovered = false;
    for (let attempt = 0; attempt < 100 && !recovered; attempt += 1) {
      recovered = (await courses()).status === 200;
      if (!recovered) await sleep(100);
    }
    expect(recovered).toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The same server processes: nothing was restarted.
    expect(workersOf(child)).toEqual(workers);
  }, 120_000);
});
