/*
 * Issue 25 (ADR 038): what drawing a page on the server costs. For `/trainings` and a slide, the
 * server-rendered page (HTML with its data, as a browser asks for it) is measured beside the API
 * call that reads the same data, on SQLite and on PostgreSQL, 50 signed-in learners (one session
 * per connection), autocannon, median of three alternating rounds.
 *
 * What a page does beyond its API call: the session and the person's record (`auth.me`), the
 * supervisor lookup of the shell, for a slide the start of the course's progress (a write, as the
 * browser does on opening a course), React drawing the page (twice when the shell asks for data
 * the loaders did not fetch), the embedded JSON and the compression of the HTML.
 *
 * Needs the built web app (apps/web/dist and dist-server): `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { apiSessionToken } from './support/api-session.ts';
import { BENCH_PASSWORD, benchLearners, createBenchDatabase } from './support/bench-data.ts';
import { copyIntoNewDatabase, startDurableCluster } from './support/bench-postgres.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 3;
const SLUG = '5-golden-rules';
const root = join(import.meta.dirname, '..');
const webDist = join(root, 'apps/web/dist');
if (!existsSync(join(root, 'apps/web/dist-server/entry-server.js'))) {
  console.error('bench-pages: the web app is not built with its server entry; run `npm run build` first');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
const file = join(dir, 'portal.sqlite');
const LEARNERS = benchLearners(CONNECTIONS);
await createBenchDatabase(file, CONNECTIONS);
const cluster = await startDurableCluster();
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
});
const { url: postgresUrl } = await copyIntoNewDatabase(cluster, 'bench', file);

/**
 * The real app (createApp, production configuration, bench-http-target.ts `pages`) serving the
 * built web app, in a process of its own with NODE_ENV=production: React then runs its production
 * build, as under `npm run start:production` (the development build draws several times slower).
 */
async function startServer(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/bench-http-target.ts'), 'pages', database, webDist],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  children.add(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the pages target exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { url, child };
}

const token = (base: string, email: string) => apiSessionToken(base, email, BENCH_PASSWORD);

interface TFigure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  kilobytes: number;
}

const CALLS = ['apiTrainings', 'pageTrainings', 'apiSlide', 'pageSlide'] as const;
type TCall = (typeof CALLS)[number];

async function measure(database: string) {
  const server = await startServer(database);
  const tokens: string[] = [];
  for (const email of LEARNERS) tokens.push(await token(server.url, email));
  // Each connection is one learner: the API by bearer token, the pages by the session cookie a browser sends.
  const as = (kind: 'api' | 'page'): Pick<autocannon.Options, 'setupClient'> => {
    let next = 0;
    return {
      setupClient: (client) => {
        const own = tokens[next++ % tokens.length] ?? '';
        client.setHeaders({
          'accept-encoding': 'gzip',
          'accept-language': 'de-DE',
          ...(kind === 'api'
            ? { authorization: `Bearer ${own}` }
            : { cookie: `session=${own}`, 'sec-fetch-site': 'none' }),
        });
      },
    };
  };
  const options: Record<TCall, autocannon.Options> = {
    apiTrainings: { url: `${server.url}/api/trainings/get-trainings?lang=de`, ...as('api') },
    pageTrainings: { url: `${server.url}/trainings`, ...as('page') },
    apiSlide: { url: `${server.url}/api/trainings/get-training/${SLUG}?lang=de`, ...as('api') },
    pageSlide: { url: `${server.url}/trainings/${SLUG}/2`, ...as('page') },
  };
  const results = new Map<TCall, TFigure[]>();
  // Warm-up, not counted: a fresh process compiles (JIT) during its first seconds.
  for (const call of CALLS) await autocannon({ connections: CONNECTIONS, duration: 3, ...options[call] });
  for (let round = 0; round < ROUNDS; round++) {
    for (const call of CALLS) {
      const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options[call] });
      results.set(call, [
        ...(results.get(call) ?? []),
        {
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
          kilobytes: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
        },
      ]);
    }
  }
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return (call: TCall): TFigure => {
    const rounds = results.get(call) ?? [];
    return {
      rps: middle(rounds.map((round) => round.rps)),
      p50: middle(rounds.map((round) => round.p50)),
      p99: middle(rounds.map((round) => round.p99)),
      errors: rounds.reduce((sum, round) => sum + round.errors, 0),
      kilobytes: middle(rounds.map((round) => round.kilobytes)),
    };
  };
}

const row = (name: string, figure: TFigure, against = '') =>
  `    ${name.padEnd(44)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  ${figure.kilobytes.toFixed(1).padStart(5)} KB gzip${against}${figure.errors ? `  (${figure.errors} errors)` : ''}`;
const percent = (part: number, whole: number) => `  ${((part / whole) * 100).toFixed(0)} % of the API call`;
console.log(
  `Server-rendered pages: ${CONNECTIONS} learners, ${SECONDS} s a round, median of ${ROUNDS} alternating rounds (autocannon)`,
);
for (const [label, database] of [
  ['SQLite', file],
  ['PostgreSQL', postgresUrl],
] as const) {
  const figures = await measure(database);
  console.log(`  ${label}`);
  console.log(row('API: trainings list (get-trainings)', figures('apiTrainings')));
  console.log(
    row(
      'page: /trainings (HTML + data)',
      figures('pageTrainings'),
      percent(figures('pageTrainings').rps, figures('apiTrainings').rps),
    ),
  );
  console.log(row(`API: a course's slides (get-training/${SLUG})`, figures('apiSlide')));
  console.log(
    row(
      `page: /trainings/${SLUG}/2 (HTML + data)`,
      figures('pageSlide'),
      percent(figures('pageSlide').rps, figures('apiSlide').rps),
    ),
  );
}
process.exit(0);
