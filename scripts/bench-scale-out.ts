/*
 * Issue 16 benchmarks: the learner calls and the dashboard on both databases, and on PostgreSQL
 * with one and two server processes, each beside its floor in the same run (ADR 024).
 *
 * The data set is bench-http's (demo data and a company of 5,000 people), written to SQLite and
 * moved to a throwaway PostgreSQL cluster with `db:copy-to-postgres`'s code (its time is reported
 * too). For each of SQLite × 1, PostgreSQL × 1 and PostgreSQL × 2 processes, the real server
 * (apps/server/src/main.ts, WEB_CONCURRENCY; NODE_ENV=test, see startServer) and the floor process
 * (bench-http-target.ts: the same services on the same database on a bare Hono route) start
 * side by side; autocannon loads them with 50 connections, 10 s each (BENCH_SECONDS), the learner
 * calls as 50 signed-in learners. Targets: each learner call ≥ 75 % of its floor on both
 * databases; two processes ≥ 1.3 × one on PostgreSQL; dashboard p99 < 50 ms.
 *
 * On this 2-core machine autocannon, PostgreSQL and the servers share the two cores: the
 * two-process figure says what a second process gains when the cores are already shared, which
 * is less than on a machine where the database and the load generator run elsewhere.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { openPostgresOrm } from '../packages/db/src/postgres-database.ts';
import { freePort } from '../packages/db/src/testing/postgres-cluster.ts';
import { apiSessionToken } from './support/api-session.ts';
import { BENCH_PASSWORD, BIG_BOSS, benchLearners, createBenchDatabase } from './support/bench-data.ts';
import { copyIntoNewDatabase, startDurableCluster } from './support/bench-postgres.ts';
import { waitForHealth } from './support/wait-for-health.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const root = join(import.meta.dirname, '..');

const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
const file = join(dir, 'portal.sqlite');
const LEARNERS = benchLearners(CONNECTIONS);
await createBenchDatabase(file, CONNECTIONS);

// Durable as production runs it (the test clusters switch fsync off): fsync, full pages, and
// synchronous_commit=on, each commit on disk before it is answered (BENCH_SYNCHRONOUS_COMMIT=off
// gives SQLite's WAL + synchronous=NORMAL guarantee instead: no corruption, the last commits may
// be lost when the machine fails).
const cluster = await startDurableCluster({ synchronous_commit: process.env.BENCH_SYNCHRONOUS_COMMIT ?? 'on' });
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
});
const {
  url: postgresUrl,
  tables: copied,
  rows: copiedRows,
  seconds: copySeconds,
} = await copyIntoNewDatabase(cluster, 'bench', file);
if (process.env.BENCH_EXPERIMENT === 'no-company-rows') {
  // An experiment, not a configuration: without the two triggers that update one row per company
  // on every save (the dashboard cache's version, ADR 023, and the company's last activity, ADR
  // 021), to see what those rows cost when every learner belongs to the same company.
  const orm = openPostgresOrm(postgresUrl, { poolSize: 1 });
  await orm.execute('alter table course_progress disable trigger company_versions_progress');
  await orm.execute('alter table course_progress disable trigger stats_activity');
  await orm.$client.end();
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The floor process (bench-http-target.ts baseline) on the given database. */
async function startFloor(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = track(
    spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/bench-http-target.ts'), 'baseline', dir, database],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    ),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor process exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { url, child };
}

/**
 * The real server (apps/server/src/main.ts) with `processes` processes. NODE_ENV=test, not
 * production: the data set holds the demo accounts, on which production refuses to start (ADR
 * 008). Nothing measured here differs: production only adds start-up checks and drops /dev.
 */
async function startServer(database: string, processes: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        ...(database.startsWith('postgres') ? { DATABASE_URL: database } : { DATABASE_FILE: database }),
        WEB_CONCURRENCY: String(processes),
        WEB_DIST: join(dir, 'no-web'),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        // Nothing is sent: the data set has no pending mail; production only insists on a server.
        SMTP_URL: 'smtp://127.0.0.1:9',
        TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      },
    }),
  );
  await waitForHealth(child, url);
  return { url, child };
}

const token = (base: string, email: string) => apiSessionToken(base, email, BENCH_PASSWORD);

interface TFigure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const json = { 'content-type': 'application/json' };
const saveBody = JSON.stringify({ trainingSlug: '5-golden-rules', slideIndex: 1, workingSeconds: 1, slideSeconds: {} });
const ROUNDS = 3;

/** The median round of each figure (rounds alternate between the targets, so noise hits all alike). */
function medianOf(results: TFigure[]): TFigure {
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    rps: middle(results.map((result) => result.rps)),
    p50: middle(results.map((result) => result.p50)),
    p99: middle(results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

/** What one server (or the floor) answers the measured calls with, signed in as 50 learners and the big employer. */
async function callsOf(base: string, kind: 'server' | 'floor', signIn: string) {
  const learners: string[] = [];
  // The floor process has no sign-in; it checks the sessions the server created on the same database.
  for (const email of LEARNERS) learners.push(await token(signIn, email));
  const boss = await token(signIn, BIG_BOSS);
  const asLearners = (headers: Record<string, string> = {}): Pick<autocannon.Options, 'setupClient'> => {
    let next = 0;
    return {
      setupClient: (client) =>
        client.setHeaders({ ...headers, authorization: `Bearer ${learners[next++ % learners.length]}` }),
    };
  };
  return {
    trainings: {
      url: kind === 'server' ? `${base}/api/trainings/get-trainings?lang=de` : `${base}/floor/trainings`,
      ...asLearners(),
    },
    save: {
      url: kind === 'server' ? `${base}/api/progress/save-progress` : `${base}/floor/save`,
      method: 'POST' as const,
      ...asLearners(json),
      body: saveBody,
    },
    dashboard:
      kind === 'server'
        ? { url: `${base}/api/statistics/get-company-stats?lang=de`, headers: { authorization: `Bearer ${boss}` } }
        : undefined,
  };
}

type TCall = 'trainings' | 'save' | 'dashboard';
/**
 * Measures every call on every target of one database: the floor and one or two servers, started
 * side by side and loaded in turn, round by round, so a noisy neighbour on this shared machine
 * slows all of them alike instead of whichever ran at that moment.
 */
async function measure(database: string, processCounts: number[]) {
  const floor = await startFloor(database);
  const started: { processes: number; url: string; child: ChildProcess }[] = [];
  for (const processes of processCounts) started.push({ processes, ...(await startServer(database, processes)) });
  const signIn = started[0]?.url ?? '';
  const targets = [
    { name: 'floor', calls: await callsOf(floor.url, 'floor', signIn) },
    ...(await Promise.all(
      started.map(async (server) => ({
        name: `${server.processes}`,
        calls: await callsOf(server.url, 'server', server.url),
      })),
    )),
  ];
  const results = new Map<string, TFigure[]>();
  for (const call of ['trainings', 'save', 'dashboard'] as TCall[]) {
    // Warm-up, not counted: a fresh process compiles (JIT) during its first seconds.
    for (const target of targets) {
      const options = target.calls[call];
      if (options) await autocannon({ connections: CONNECTIONS, duration: 3, ...options });
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const options = target.calls[call];
        if (!options) continue;
        const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
        const key = `${target.name}:${call}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          {
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.errors + result.timeouts + result.non2xx,
          },
        ]);
      }
    }
  }
  for (const server of started) await stop(server.child);
  await stop(floor.child);
  return (target: string, call: TCall) => medianOf(results.get(`${target}:${call}`) ?? []);
}

const sqlite = process.env.BENCH_ONLY === 'postgres' ? undefined : await measure(file, [1]);
const postgres = await measure(postgresUrl, [1, 2]);

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
const row = (name: string, figure: TFigure, against = '') =>
  `    ${name.padEnd(26)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms${against}${figure.errors ? `  (${figure.errors} errors)` : ''}`;
console.log(
  `Scale-out: ${CONNECTIONS} connections, ${SECONDS} s a round, median of ${ROUNDS} alternating rounds (autocannon); ` +
    `the data set copied to PostgreSQL (${copiedRows.toLocaleString('en')} rows in ${copied.length} tables) in ${copySeconds.toFixed(1)} s`,
);
for (const [label, figures, processes] of [
  ['SQLite', sqlite, ['1']],
  ['PostgreSQL', postgres, ['1', '2']],
] as const) {
  if (!figures) continue;
  console.log(`  ${label}`);
  for (const [call, name] of [
    ['trainings', 'trainings list'],
    ['save', 'save-progress'],
  ] as const) {
    const floor = figures('floor', call);
    console.log(row(`floor: ${name}`, floor));
    for (const count of processes)
      console.log(
        row(
          `${name}, ${count} process${count === '1' ? '' : 'es'}`,
          figures(count, call),
          `  ${percent(figures(count, call).rps, floor.rps)} of its floor (≥ 75 %)`,
        ),
      );
  }
  for (const count of processes) {
    const dashboard = figures(count, 'dashboard');
    console.log(
      row(`dashboard 5,000, ${count} proc.`, dashboard, `  p99 < 50 ms: ${dashboard.p99 < 50 ? 'met' : 'NOT met'}`),
    );
  }
}
console.log('  PostgreSQL, 2 processes against 1 (≥ 1.3 ×):');
for (const call of ['trainings', 'save', 'dashboard'] as const)
  console.log(`    ${call.padEnd(26)} ${(postgres('2', call).rps / postgres('1', call).rps).toFixed(2)} ×`);
process.exit(0);
