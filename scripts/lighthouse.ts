import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { apiSessionToken } from './support/api-session.ts';
import { quietMachine } from './support/quiet-machine.ts';
import { waitForHealth } from './support/wait-for-health.ts';

/*
 * Lighthouse (issue 7) on three pages of the built app: /login, /trainings signed in as a learner,
 * and a course slide. It starts the real server on a throwaway database with the demo data (as
 * e2e/serve.ts does for Playwright), runs Lighthouse in Debian's Chromium with the default mobile
 * settings (simulated slow 4G, 4× CPU slowdown), prints the scores against issue 15's goal
 * (performance ≥ 95) and exits 1 below the guard: accessibility 100 in every run, performance
 * median ≥ 75 (ADR 027 says why not the goal; ADR 038 why 75). No browser is downloaded; nothing leaves the machine.
 *
 * Each page is measured three times and judged by its median run, as Lighthouse CI does: one run's
 * performance score moves by a few points with the machine's load (ADR 022). Accessibility must be
 * 100 in every run; it does not depend on timing.
 *
 *   npm run check:lighthouse            (builds the web app first)
 *   LIGHTHOUSE_PORT=3600 …             another port; LIGHTHOUSE_REPORTS=dir keeps the JSON reports
 *   LIGHTHOUSE_RUNS=3 …                runs per page (odd, default 5)
 */

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3500);
const BASE = `http://localhost:${PORT}`;
/**
 * `LIGHTHOUSE_PAIR=1` (npm run bench): a second server on the next port sends the same build as the
 * plain app (SERVER_RENDERING=off, what every page was before issue 25), and each run measures
 * both in turn, so the two figures share the machine's moment. The guard judges the drawn pages.
 */
const PAIRED = process.env.LIGHTHOUSE_PAIR === '1';
/** The measured server's mode: the default (pages drawn on the server), or LIGHTHOUSE_RENDERING=off. */
const RENDERING = process.env.LIGHTHOUSE_RENDERING === 'off' ? 'off' : 'on';
const OTHER = RENDERING === 'on' ? 'off' : 'on';
const PLAIN_BASE = `http://localhost:${PORT + 1}`;
// e2e/serve.ts wipes the database's folder at start and insists on 'e2e' in its path.
const DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR ?? './data/e2e-lighthouse';
const PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
const LEARNER = 'employee@example.com';
/** Issue 15's goal, printed met or not met for every page. */
const GOAL = { performance: 95, accessibility: 100 } as const;
/**
 * What fails the check: accessibility under 100 in any run, or a performance median under this
 * guard. The score moves with the shared machine's load by 5–10 points for the same build (ADR 027:
 * 92–95 one day, 80–88 the next for unchanged code), so a gate at the goal would fail or pass with
 * the machine, not with the code; the guard catches a real collapse (e.g. 880 KB of script, 34).
 * Raised from 70 to 72 with server rendering (issue 25), and to 75 once drawn pages painted before
 * their script (ADR 038, session 3): the medians of that day's last sittings were 86–88, 88–93 and
 * 89–90, ten points and more above it, where the day's swing is 5–10.
 */
const GUARD_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 75);
// Five, not three: single runs of one page spread from 61 to 84 on this machine, and a median of
// three fell below the guard on a quiet machine once (2026-11-28: 69, then 76 when run again).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

async function startServer(base = BASE, rendering: 'on' | 'off' = 'on'): Promise<ChildProcess> {
  // No SMTP: mails wait in the outbox, nothing is sent.
  const { SMTP_URL: _smtp, E2E_SMTP_PORT: _smtpPort, ...environment } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    env: {
      ...environment,
      PORT: new URL(base).port,
      NODE_ENV: 'test',
      SERVER_RENDERING: rendering,
      DATABASE_FILE: `${rendering === 'on' ? DATA_DIR : `${DATA_DIR}-plain`}/portal.sqlite`,
      DEMO_PASSWORD: PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitForHealth(server, base);
}

/** A session for the learner over the REST login. */
const learnerToken = (base = BASE) => apiSessionToken(base, LEARNER, PASSWORD);

interface TAudit {
  name: string;
  path: string;
  signedIn: boolean;
}
const AUDITS: TAudit[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'trainings', path: '/trainings', signedIn: true },
  { name: 'course slide', path: '/trainings/password-security/2', signedIn: true },
];

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface Result {
  lhr: LighthouseResult;
  performance: number;
  accessibility: number;
}

// Trace-recording failures Lighthouse itself asks to answer with another run (it sees them on a
// busy machine). They are measured again, up to twice; a score is never measured again.
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_DCL', 'NO_FCP']);

async function measure(audit: TAudit, token: string, base = BASE, attempt = 1): Promise<Result> {
  // The Bearer header goes with every request of the page (the document, scripts, the app's API
  // calls): the server signs the learner in from it, for the drawn page too. Chrome does not send a
  // Cookie set this way with the document, so the page's language is Accept-Language's.
  const result = await lighthouse(`${base}${audit.path}`, {
    port: Number(chrome.port),
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: audit.signedIn ? { Authorization: `Bearer ${token}`, Cookie: 'lang=de' } : { Cookie: 'lang=de' },
  });
  if (!result) throw new Error(`no Lighthouse result for ${audit.path}`);
  const { lhr } = result;
  if (lhr.runtimeError && RETRIED_ERRORS.has(lhr.runtimeError.code) && attempt < 3) {
    console.log(`       ${audit.path}: ${lhr.runtimeError.code}, measured again`);
    return measure(audit, token, base, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`${audit.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== audit.path) {
    throw new Error(`${audit.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
  }
  const score = (id: 'performance' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return { lhr, performance: score('performance'), accessibility: score('accessibility') };
}

/** The median run by performance score (for an even count, the lower of the two middle ones). */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Result;
}

/*
 * Measured on a quiet machine (scripts/support/quiet-machine.ts): a 4× CPU-throttled page measured
 * under load loses 10 to 20 points (the CI of 2026-11-27: the slide at 62 with a load average of 5,
 * then 77 when run again on the quiet machine). `npm test` runs this check before the end-to-end
 * suites, not beside them. The wait is the CPU's measured idle time, not the one-minute load
 * average, which lags a finished step by a minute (a CI on 2026-11-27 waited 100 s, measured at a
 * load of 1.47 while servers were still winding down, and got 64). The wait is printed, so a slow
 * check says why.
 */
{
  const { waited, busy } = await quietMachine();
  if (waited > 1) console.log(`waited ${waited} s for a quiet machine (${Math.round(busy * 100)} % of the CPU busy)`);
}
const server = await startServer(BASE, RENDERING);
const plainServer = PAIRED ? await startServer(PLAIN_BASE, OTHER) : undefined;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
let failed = false;
let goalMissed = false;
try {
  const token = await learnerToken();
  const plainToken = PAIRED ? await learnerToken(PLAIN_BASE) : '';
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  console.log(`Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile (simulated throttling), ${BASE}`);
  for (const audit of AUDITS) {
    const started = Date.now();
    const runs: Result[] = [];
    const plainRuns: Result[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await measure(audit, token));
      if (PAIRED) plainRuns.push(await measure(audit, plainToken, PLAIN_BASE));
    }
    const median = medianRun(runs);
    const accessibility = Math.min(...runs.map((run) => run.accessibility));
    const ok = median.performance >= GUARD_PERFORMANCE && accessibility >= GOAL.accessibility;
    goalMissed ||= median.performance < GOAL.performance;
    failed ||= !ok;
    const metric = (id: string) => median.lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${audit.name.padEnd(13)} ${audit.path.padEnd(32)} performance ${String(median.performance).padStart(3)}` +
        ` (runs ${runs.map((run) => run.performance).join(' / ')})  accessibility ${String(accessibility).padStart(3)}` +
        `  (median run: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    for (const run of runs) {
      if (run.accessibility === 100) continue;
      for (const [id, entry] of Object.entries(run.lhr.audits)) {
        if (entry.score === 0 && run.lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === id)) {
          console.log(`       accessibility: ${id} – ${entry.title}`);
        }
      }
    }
    if (PAIRED) {
      const plain = medianRun(plainRuns);
      const plainMetric = (id: string) => plain.lhr.audits[id]?.displayValue ?? '?';
      console.log(
        `     ${`rendering ${OTHER}`.padEnd(13)} ${audit.path.padEnd(32)} performance ${String(plain.performance).padStart(3)}` +
          ` (runs ${plainRuns.map((run) => run.performance).join(' / ')})  the same build, SERVER_RENDERING=${OTHER}` +
          `  (median run: FCP ${plainMetric('first-contentful-paint')}, LCP ${plainMetric('largest-contentful-paint')}, TBT ${plainMetric('total-blocking-time')})`,
      );
    }
    if (reports) writeFileSync(join(reports, `${audit.name.replace(/\W+/g, '-')}.json`), JSON.stringify(median.lhr));
  }
} finally {
  chrome.kill();
  server.kill();
  plainServer?.kill();
}
console.log(
  failed
    ? `below the guard (performance median ≥ ${GUARD_PERFORMANCE}, accessibility ${GOAL.accessibility} in every run)`
    : `within the guard (performance median ≥ ${GUARD_PERFORMANCE}, accessibility ${GOAL.accessibility} in every run)`,
);
console.log(`goal performance ≥ ${GOAL.performance}: ${goalMissed ? 'not met (see docs/benchmarks.md)' : 'met'}`);
process.exit(failed ? 1 : 0);
