/*
 * Issue 7 speed targets, measured with autocannon against the real app (createApp: every
 * middleware, sessions, the REST layer, production configuration) on a SQLite file with the demo
 * data and a 5,000-person company, 50 connections, 10 s each (BENCH_SECONDS). The server runs in a
 * process of its own (`bench-http-target.ts`), as in production; autocannon runs here. Two
 * baselines run the same way, in their own process on the same machine: a bare Hono endpoint
 * answering JSON and one doing a single SQLite insert. Each figure is reported with its ratio to
 * the baseline it is judged against, and with the server process's CPU time per request:
 *   save-progress ≥ 40 % of the bare insert's requests/s, p99 < 25 ms;
 *   trainings list ≥ 20 % of the bare JSON endpoint;
 *   dashboard of a 5,000-person company p99 < 100 ms.
 * Sign-in is reported too; argon2id (≈ 60 ms of CPU per attempt, on purpose) bounds it.
 * Beside them, the floor of the two learner calls: the same services (session check, trainings
 * list or progress save, JSON) on a bare Hono route in the baseline process, without tRPC, zod,
 * the REST dispatcher or any middleware (ADR 024). It tells the work's share from the framework's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { apiSessionToken } from './support/api-session.ts';
import { BENCH_PASSWORD, BIG_BOSS, benchLearners, createBenchDatabase } from './support/bench-data.ts';
import { cpuMicros } from './support/process-cpu.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = BENCH_PASSWORD;

const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const file = join(dir, 'portal.sqlite');
// Fifty learners of the large company can sign in: the learner calls run as fifty users, one
// session per connection, as the issue's "50 concurrent users" asks.
const LEARNERS = benchLearners(CONNECTIONS);
const bigBoss = BIG_BOSS;
const { employeeId } = await createBenchDatabase(file, CONNECTIONS);

/** Starts a target process and waits until it listens. */
async function start(mode: 'portal' | 'baseline', path: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'bench-http-target.ts'), mode, path],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { url, child };
}

const targets: ChildProcess[] = [];
// The targets go with this process, also when it fails half-way.
process.on('exit', () => {
  for (const child of targets) child.kill('SIGTERM');
});
const baselineTarget = await start('baseline', dir);
const portalTarget = await start('portal', file);
targets.push(baselineTarget.child, portalTarget.child);
const bare = baselineTarget.url;
const portal = portalTarget.url;

const token = (email: string) => apiSessionToken(portal, email, PASSWORD);
const employee = await token('employee@example.com');
const boss = await token(bigBoss);
const learnerTokens: string[] = [];
for (const email of LEARNERS) learnerTokens.push(await token(email));

/** Gives each connection its own learner's session (autocannon calls this once per connection). */
function asLearners(headers: Record<string, string> = {}): Pick<autocannon.Options, 'setupClient'> {
  let next = 0;
  return {
    setupClient: (client) => {
      const own = learnerTokens[next++ % learnerTokens.length];
      client.setHeaders({ ...headers, authorization: `Bearer ${own}` });
    },
  };
}

interface TFigure {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest: number;
}
async function run(label: string, options: autocannon.Options): Promise<TFigure> {
  const target = options.url?.toString().startsWith(bare) ? baselineTarget : portalTarget;
  const cpuBefore = cpuMicros(target.child.pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpu = cpuMicros(target.child.pid) - cpuBefore;
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuPerRequest: result.requests.total === 0 ? 0 : cpu / result.requests.total,
  };
}

const json = { 'content-type': 'application/json' };
const saveBody = JSON.stringify({ trainingSlug: '5-golden-rules', slideIndex: 1, workingSeconds: 1, slideSeconds: {} });
// Warm-up, not counted: the first seconds of a fresh process are spent compiling (JIT), which
// would otherwise land on whichever call is measured first.
for (const url of [
  `${bare}/json`,
  `${portal}/api/employee/${employeeId}`,
  `${portal}/api/trainings/get-trainings?lang=de`,
  `${bare}/floor/trainings`,
]) {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers: { authorization: `Bearer ${employee}` } });
}
for (const url of [`${bare}/floor/save`, `${portal}/api/progress/save-progress`]) {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, method: 'POST', ...asLearners(json), body: saveBody });
}

const figures = {
  bareJson: await run('bare Hono JSON', { url: `${bare}/json` }),
  bareInsert: await run('bare Hono + 1 SQLite insert', { url: `${bare}/insert`, method: 'POST' }),
  // Not targets: the same work as the two learner calls with no framework around it (the floor).
  floorTrainings: await run('floor: session + trainings list + JSON, bare Hono, 50 learners', {
    url: `${bare}/floor/trainings`,
    ...asLearners(),
  }),
  floorSave: await run('floor: session + save-progress + JSON, bare Hono, 50 learners', {
    url: `${bare}/floor/save`,
    method: 'POST',
    ...asLearners(json),
    body: saveBody,
  }),
  // Not a target: a small signed-in call (session, two indexed reads, validation) for comparison.
  ownRecord: await run('own record (GET /api/employee/{id})', {
    url: `${portal}/api/employee/${employeeId}`,
    headers: { authorization: `Bearer ${employee}` },
  }),
  trainings: await run('trainings list (GET /api/trainings/get-trainings), 50 learners', {
    url: `${portal}/api/trainings/get-trainings?lang=de`,
    ...asLearners(),
  }),
  // What a browser asks for (Accept-Encoding): the list stays uncompressed below 8 KB (ADR 031).
  trainingsGzip: await run('trainings list, Accept-Encoding: gzip, 50 learners', {
    url: `${portal}/api/trainings/get-trainings?lang=de`,
    ...asLearners({ 'accept-encoding': 'gzip' }),
  }),
  save: await run('save-progress (POST /api/progress/save-progress), 50 learners', {
    url: `${portal}/api/progress/save-progress`,
    method: 'POST',
    ...asLearners(json),
    body: saveBody,
  }),
  dashboard: await run('dashboard, 5,000 people (GET /api/statistics/get-company-stats)', {
    url: `${portal}/api/statistics/get-company-stats?lang=de`,
    headers: { authorization: `Bearer ${boss}` },
  }),
  signIn: await run('sign-in (POST /api/employee/login, argon2id)', {
    url: `${portal}/api/employee/login`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'employee2@example.com', password: PASSWORD }),
  }),
};

const ratio = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
console.log(`HTTP load: ${CONNECTIONS} connections, ${SECONDS} s each (autocannon)`);
// Every figure against its baseline: reads against the bare JSON answer, writes (sign-in and
// save-progress write rows) against the bare insert.
const baselineOf = (key: string) =>
  key === 'bareJson' || key === 'bareInsert'
    ? undefined
    : key === 'save' || key === 'signIn' || key === 'floorSave'
      ? figures.bareInsert
      : figures.bareJson;
for (const [key, figure] of Object.entries(figures)) {
  const base = baselineOf(key);
  const against = base
    ? `  ${ratio(figure.rps, base.rps).padStart(5)} of ${base === figures.bareJson ? 'bare JSON' : 'bare insert'}`
    : '';
  console.log(
    `  ${figure.label.padEnd(66)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  server CPU ${figure.cpuPerRequest.toFixed(0).padStart(5)} µs/req${against}${figure.errors ? `  (${figure.errors} errors)` : ''}`,
  );
}
const { bareJson, bareInsert, floorTrainings, floorSave, trainings, save, dashboard } = figures;
console.log('  targets:');
console.log(
  `    save-progress ${ratio(save.rps, bareInsert.rps)} of the bare insert (≥ 40 %), p99 ${save.p99} ms (< 25 ms); ` +
    `its floor ${ratio(floorSave.rps, bareInsert.rps)}, p99 ${floorSave.p99} ms; the call reaches ${ratio(save.rps, floorSave.rps)} of its floor`,
);
console.log(
  `    trainings list ${ratio(trainings.rps, bareJson.rps)} of the bare JSON endpoint (≥ 20 %); ` +
    `its floor ${ratio(floorTrainings.rps, bareJson.rps)}; the call reaches ${ratio(trainings.rps, floorTrainings.rps)} of its floor`,
);
console.log(`    dashboard p99 ${dashboard.p99} ms (< 100 ms)`);
for (const target of [baselineTarget, portalTarget]) target.child.kill('SIGTERM');
