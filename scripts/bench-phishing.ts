/*
 * Issue 24 speed targets for phishing simulations (ADR 036), on SQLite and on PostgreSQL:
 *
 * 1. The click. `POST /p/<token>/click` with the proof its landing page carries, posted as a
 *    browser posts the form (application/x-www-form-urlencoded), every request another
 *    recipient's token, so that each one is a first click and writes its event; and the landing
 *    page `GET /p/<token>` beside it. autocannon, 50 connections, against the real server
 *    (apps/server/src/main.ts, NODE_ENV=production, one process). The floor (ADR 024) is the same
 *    server answering `GET /readyz`, its cheapest route that still asks the database, measured in
 *    the same run: 3 alternating rounds of BENCH_SECONDS (6) after a 3-s warm-up, medians.
 *    Targets: the click ≥ 75 % of the floor's requests/s and p99 < 50 ms, on both databases.
 *    The clients come through one trusted proxy (TRUST_PROXY=1) from a thousand addresses, as
 *    recipients' clicks do; PHISHING_CALLS_PER_MINUTE is raised so that the limit counts every
 *    call (its write happens) without refusing any.
 *    Beside it, to tell the work from the request path: the click's services on a bare Hono route
 *    in a process of its own (this script with `target`), with and without the per-address limit,
 *    the bare ping, and a bare form post that does no database work, on the same database. On
 *    PostgreSQL also the cluster's own cost per request (its processes' CPU, WAL flushes), since
 *    server and database share the machine's cores.
 * 2. Scheduling a campaign of 5,000 recipients: create and start (`POST /api/phishing/campaigns`,
 *    `POST …/{id}/start`, which plans the round in one transaction) as the policyholder, over
 *    HTTP, three campaigns one after the other. Target < 10 s. Then each campaign's dispatch into
 *    the outbox (`dispatchPhishing`, the job's code, in this process; informational).
 *
 * Each database is measured in a process of its own (`measure`; one process binds one dialect, ADR
 * 028). PostgreSQL: a throwaway cluster as durable as production (scripts/support/bench-postgres.ts),
 * with pg_stat_statements loaded to count the statements of each request.
 * BENCH_DATABASE=sqlite or =postgres runs one of them. Part of `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import {
  claimInMinuteWindow,
  createSession,
  dispatchPhishing,
  listPhishingTemplates,
  lookupPhishingToken,
  markPhishingEvent,
  recordPhishingEvent,
  trackPhishingRequest,
} from '@portal/core';
import {
  closeDatabase,
  companies,
  companyMailDomains,
  count,
  eq,
  isNotNull,
  migrateDatabase,
  openDatabase,
  phishingMessages,
  pingDatabase,
  rawRows,
  sql,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import autocannon from 'autocannon';
import { type Context, Hono } from 'hono';
import { openPostgresOrm } from '../packages/db/src/postgres-database.ts';
import { freePort } from '../packages/db/src/testing/postgres-cluster.ts';
import { startDurableCluster } from './support/bench-postgres.ts';
import { cpuMicros } from './support/process-cpu.ts';
import { waitForHealth } from './support/wait-for-health.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 3;
const RECIPIENTS = 5_000;
const SCHEDULE_RUNS = Number(process.env.BENCH_SCHEDULE_RUNS ?? 3);
/** Click tokens prepared per database: more than the click runs use, so every click is a first one. */
const CLICK_TOKENS = Number(process.env.BENCH_CLICK_TOKENS ?? 120_000);
/** Client addresses the requests come from, through the one trusted proxy. */
const ADDRESSES = 1_000;
/** Calls per step of the in-process breakdown of a click, after STEP_WARMUP not counted. */
const STEP_CALLS = 2_000;
const STEP_WARMUP = 200;
/** Steps that write a first click, each on tokens of its own (a repeat would write nothing). */
const CLICKING_STEPS = 3;
/** Requests per probe of the statements a request sends (PostgreSQL). */
const PROBE_CALLS = 200;
const TARGET_RATIO = 0.75;
const TARGET_P99_MS = 50;
const TARGET_SCHEDULE_MS = 10_000;
const root = join(import.meta.dirname, '..');

// ── The work floor process (`target`): the click's services on bare Hono routes ────────────────

/**
 * What a click costs without the portal's request path (ADR 024's floor of the work): no
 * middlewares, no security headers, no request log; the same services on the same database. Not
 * an API of the portal; it runs only in this benchmark.
 */
function serveWorkFloor(location: string, totpKeyBase64: string) {
  const db = openDatabase(location);
  const proofKey = createHmac('sha256', Buffer.from(totpKeyBase64, 'base64')).update('phishing-proof').digest();
  const proofOf = (token: string) => createHmac('sha256', proofKey).update(token).digest('base64url').slice(0, 32);
  const app = new Hono();
  app.get('/work/ping', async (c) => {
    await pingDatabase(db);
    return c.json({ status: 'ready' });
  });
  /** The route's work: the body read first, then one transaction (with or without the limit's upsert). */
  const click = (throttled: boolean) => async (c: Context) => {
    const token = c.req.param('token') ?? '';
    const form = await c.req.parseBody();
    const proven = form.proof === proofOf(token);
    const outcome = throttled
      ? await trackPhishingRequest(db, {
          limitKey: `phishing:${c.req.header('x-forwarded-for')}`,
          perMinute: 100_000,
          token,
          event: () => (proven ? 'clicked' : null),
        })
      : await transaction(db, async (tx) => {
          const message = await lookupPhishingToken(tx, token);
          if (message && proven) await markPhishingEvent(tx, message.messageId, 'clicked');
          return { kind: message ? 'known' : 'unknown' };
        });
    if (outcome.kind === 'limited') return c.text('too many', 429);
    if (outcome.kind === 'unknown') return c.text('gone', 404);
    return c.redirect(proven ? `/p/${token}/lesson` : `/p/${token}`, 303);
  };
  // The click's request without its database work: what reading the form and answering cost.
  app.post('/work/form/:token', async (c) => {
    const token = c.req.param('token') ?? '';
    const form = await c.req.parseBody();
    return c.redirect(form.proof === proofOf(token) ? `/p/${token}/lesson` : `/p/${token}`, 303);
  });
  app.post('/work/click/:token', click(true));
  app.post('/work/click-unlimited/:token', click(false));
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
    console.log(`listening http://127.0.0.1:${info.port}`),
  );
  process.on('SIGTERM', () => process.exit(0));
}

// ── The benchmark ──────────────────────────────────────────────────────────────────────────────

interface TFigure {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than the expected status (2xx, or 3xx for the click). */
  errors: number;
  /** Requests answered with the expected status. */
  answered: number;
  cpuPerRequest: number;
}

interface TScheduleRun {
  createMs: number;
  startMs: number;
  planned: number;
  dispatchMs: number;
  queued: number;
}

interface TDatabaseResult {
  label: string;
  schedule: TScheduleRun[];
  steps: TStep[];
  statements: Record<string, TStatements>;
  figures: Record<string, TFigure>;
  clicksCounted: number;
  clicksAnswered: number;
  tokensUsed: number;
  /** PostgreSQL: what the database itself spends per request (`databaseCost`). */
  database: Record<string, TDatabaseCost>;
}

interface TDatabaseCost {
  requests: number;
  /** CPU time per request of the backends that served the connections, and of the cluster's other processes (WAL writer, checkpointer, autovacuum…). */
  cpuMicros: number;
  otherCpuMicros: number;
  /** WAL flushes (fdatasync) per request, and the time spent in them per request. */
  walSyncs: number;
  walSyncMicros: number;
  walBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A company of RECIPIENTS employees and its policyholder, and a session for the policyholder. */
async function seedCompany(db: TDatabase): Promise<{ companyId: string; bossToken: string }> {
  const companyId = 'phish-co';
  const bossId = 'phish-boss';
  const now = new Date();
  const people = Array.from({ length: RECIPIENTS }, (_, index) => ({
    id: `phish-${index}`,
    firstname: `Vor${index}`,
    lastname: `Nach${index}`,
    email: `p${index}@phish.example`,
    role: 'employee' as const,
    companyId,
    active: true,
    lang: index % 2 === 0 ? ('de' as const) : ('en' as const),
    createdAt: now,
  }));
  // Read committed: the bulk load of a database of its own, in one transaction.
  await transaction(db, async (tx) => {
    // No policy number: its simulations approved by the provider, as the default setting asks (issue 37).
    await tx
      .insert(companies)
      .values({ id: companyId, companyName: 'Köder GmbH', phishingApprovedAt: now, createdAt: now });
    await tx.insert(users).values({
      id: bossId,
      firstname: 'Bea',
      lastname: 'Boss',
      email: 'boss@phish.example',
      role: 'employer',
      companyId,
      active: true,
      isFirstLogin: false,
      dataProtectionPolicyAccepted: true,
      orderProcessingAccepted: true,
      sawVideo: true,
      createdAt: now,
    });
    await tx.update(companies).set({ ownerId: bossId }).where(eq(companies.id, companyId));
    for (let start = 0; start < people.length; start += 500)
      await tx.insert(users).values(people.slice(start, start + 500));
    // Its people's domain is proven: simulations reach only proven domains (issue 37).
    await tx
      .insert(companyMailDomains)
      .values({ companyId, domain: 'phish.example', verification: 'portal-verification=bench', verifiedAt: now });
  });
  const { token } = await createSession(db, { userId: bossId, role: 'employer' });
  return { companyId, bossToken: token };
}

/**
 * Sent messages with known link tokens, `CLICK_TOKENS` of them spread over the company's people
 * (one per person and round of `campaignId`), as the dispatcher leaves them: the token's SHA-256
 * stored, the mail sent. Answers the tokens in a shuffled order.
 */
async function plantClickMessages(db: TDatabase, campaignId: string, companyId: string): Promise<string[]> {
  const slugs = listPhishingTemplates().map((template) => template.slug);
  const versions = new Map(listPhishingTemplates().map((template) => [template.slug, template.version]));
  const now = new Date();
  const tokens: string[] = [];
  const rows: (typeof phishingMessages.$inferInsert)[] = [];
  for (let index = 0; index < CLICK_TOKENS + CLICKING_STEPS * (STEP_CALLS + STEP_WARMUP); index += 1) {
    const token = randomBytes(32).toString('base64url');
    const slug = slugs[index % slugs.length] ?? '';
    tokens.push(token);
    rows.push({
      id: randomUUID(),
      campaignId,
      companyId,
      // Round 0 is the campaign's own; the planted ones are later rounds of the same people.
      round: 1 + Math.floor(index / RECIPIENTS),
      userId: `phish-${index % RECIPIENTS}`,
      templateSlug: slug,
      templateVersion: versions.get(slug) ?? '0.0.0',
      lang: index % 2 === 0 ? 'de' : 'en',
      sendAt: now,
      sentAt: now,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      createdAt: now,
    });
  }
  // Read committed: a bulk load nothing else reads yet.
  await transaction(db, async (tx) => {
    for (let start = 0; start < rows.length; start += 500)
      await tx.insert(phishingMessages).values(rows.slice(start, start + 500));
  });
  for (let index = tokens.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [tokens[index], tokens[other]] = [tokens[other] ?? '', tokens[index] ?? ''];
  }
  return tokens;
}

interface TStep {
  label: string;
  wallMicros: number;
  cpuMicros: number;
}

/**
 * Where a click's time goes: each service the click calls, one call after another in this process
 * on the same database (no HTTP, no concurrency), `STEP_CALLS` times after a warm-up. On PostgreSQL
 * the CPU column is this process's only; the database's share is in the wall clock. `tokenSets`
 * holds CLICKING_STEPS sets of unclicked tokens; `unflushed` is a handle whose commits do not wait
 * for their WAL flush (PostgreSQL), which tells the flush's share of the click's transaction.
 */
async function clickSteps(
  db: TDatabase,
  tokenSets: string[][],
  proofOf: (token: string) => string,
  unflushed: TDatabase | undefined,
): Promise<TStep[]> {
  const [tokens = [], ownTransaction = [], noFlush = []] = tokenSets;
  const ids: string[] = [];
  for (const token of tokens) ids.push((await lookupPhishingToken(db, token))?.messageId ?? '');
  const clickOn = (handle: TDatabase, set: string[]) => (index: number) =>
    trackPhishingRequest(handle, {
      limitKey: `phishing:198.19.1.${index % 250}`,
      perMinute: 100_000,
      token: set[index] ?? '',
      event: () => 'clicked',
    });
  const steps: [string, (index: number) => Promise<unknown> | unknown][] = [
    ['ping (select 1, what /readyz asks)', () => pingDatabase(db)],
    ['proof (HMAC-SHA256 of the token)', (index) => proofOf(tokens[index] ?? '')],
    [
      'per-address limit alone (claimInMinuteWindow, its own transaction)',
      (index) => claimInMinuteWindow(db, `phishing:198.19.0.${index % 250}`, 100_000),
    ],
    [
      'token lookup (lookupPhishingToken, a join of five tables)',
      (index) => lookupPhishingToken(db, tokens[index] ?? ''),
    ],
    [
      'first click alone (recordPhishingEvent, its own transaction)',
      (index) => recordPhishingEvent(db, ids[index] ?? '', 'clicked'),
    ],
    ['the click: limit + lookup + first click, one transaction', clickOn(db, ownTransaction)],
  ];
  if (unflushed) steps.push(['the same, its commit not waiting for the WAL flush', clickOn(unflushed, noFlush)]);
  const results: TStep[] = [];
  for (const [label, step] of steps) {
    for (let index = 0; index < STEP_WARMUP; index += 1) await step(index);
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let index = STEP_WARMUP; index < tokens.length; index += 1) await step(index);
    const used = process.cpuUsage(cpu);
    const calls = tokens.length - STEP_WARMUP;
    results.push({
      label,
      wallMicros: ((performance.now() - started) * 1000) / calls,
      cpuMicros: (used.user + used.system) / calls,
    });
  }
  return results;
}

interface TStatements {
  perRequest: number;
  statements: { query: string; perRequest: number }[];
}

/**
 * PostgreSQL: the statements the server sends for one request, counted by pg_stat_statements
 * over `calls` requests made one after another (BEGIN and COMMIT are statements, and round trips,
 * of their own).
 */
async function statementsOf(db: TDatabase, calls: number, request: () => Promise<unknown>): Promise<TStatements> {
  // Requests of the last load run still in flight would be counted too.
  await sleep(1_000);
  await rawRows(db, sql`select pg_stat_statements_reset()`);
  for (let index = 0; index < calls; index += 1) await request();
  const rows = await rawRows<{ query: string; calls: string }>(
    db,
    sql`select query, calls from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_statements%'
        order by calls desc, query`,
  );
  const statements = rows.map((row) => ({
    query: row.query.replace(/\s+/g, ' ').slice(0, 90),
    perRequest: Number(row.calls) / calls,
  }));
  return { perRequest: statements.reduce((sum, row) => sum + row.perRequest, 0), statements };
}

/**
 * PostgreSQL: the cluster's own cost of the requests `load` makes, from /proc (CPU of every
 * process pg_stat_activity lists) and pg_stat_wal (flushes need `track_wal_io_timing`). `settle`
 * waits for the backends' delayed statistics before the second reading.
 */
async function databaseCost(db: TDatabase, load: () => Promise<autocannon.Result>, settle = 0): Promise<TDatabaseCost> {
  const reading = async () => {
    const pids = await rawRows<{ pid: number; client: boolean }>(
      db,
      sql`select pid, backend_type = 'client backend' as client from pg_stat_activity`,
    );
    const [wal] = await rawRows<{ syncs: number; sync_ms: number; bytes: number }>(
      db,
      sql`select wal_sync::float8 as syncs, wal_sync_time as sync_ms, wal_bytes::float8 as bytes from pg_stat_wal`,
    );
    return { cpu: new Map(pids.map(({ pid, client }) => [pid, { micros: cpuMicros(pid), client }])), wal };
  };
  const before = await reading();
  const result = await load();
  if (settle) await sleep(settle);
  const after = await reading();
  const requests = result.requests.total;
  let cpu = 0;
  let otherCpu = 0;
  for (const [pid, { micros, client }] of after.cpu) {
    const used = micros - (before.cpu.get(pid)?.micros ?? 0);
    if (client) cpu += used;
    else otherCpu += used;
  }
  const per = (value: number) => (requests === 0 ? 0 : value / requests);
  return {
    requests,
    cpuMicros: per(cpu),
    otherCpuMicros: per(otherCpu),
    walSyncs: per((after.wal?.syncs ?? 0) - (before.wal?.syncs ?? 0)),
    walSyncMicros: per(((after.wal?.sync_ms ?? 0) - (before.wal?.sync_ms ?? 0)) * 1000),
    walBytes: per((after.wal?.bytes ?? 0) - (before.wal?.bytes ?? 0)),
  };
}

async function readLine(child: ChildProcess, what: string): Promise<string> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measureDatabase(label: string, location: string, children: Set<ChildProcess>): Promise<TDatabaseResult> {
  const track = (child: ChildProcess) => {
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const db = openDatabase(location, { poolSize: 4 });
  await migrateDatabase(db);
  if (location.startsWith('postgres')) await rawRows(db, sql`create extension pg_stat_statements`);
  const { companyId, bossToken } = await seedCompany(db);
  const totpKey = randomBytes(32).toString('base64');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = track(
    spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        ...(location.startsWith('postgres') ? { DATABASE_URL: location } : { DATABASE_FILE: location }),
        WEB_CONCURRENCY: '1',
        WEB_DIST: join(root, 'data/bench/no-web'),
        LOG_LEVEL: 'warn',
        TOTP_ENCRYPTION_KEY: totpKey,
        TRUST_PROXY: '1',
        PHISHING_CALLS_PER_MINUTE: '100000',
        // The benchmark times the dispatch itself (below); the server's job must not take it.
        PHISHING_SENDING: 'off',
        // Nothing is delivered: the worker looks once at the start, then not within the run.
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_WORKER_INTERVAL_MS: String(3_600_000),
        // Nor does the job runner run within it: its ticks would be counted in the statements.
        JOB_RUNNER_INTERVAL_MS: String(3_600_000),
      },
    }),
  );
  await waitForHealth(server, base);

  // ── 2. Scheduling 5,000 recipients, and their dispatch ──
  const api = async (path: string, body: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bossToken}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const slugs = listPhishingTemplates().map((template) => template.slug);
  const schedule: TScheduleRun[] = [];
  const campaignIds: string[] = [];
  for (let run = 0; run < SCHEDULE_RUNS; run += 1) {
    const created = performance.now();
    const { id } = (await api('/phishing/campaigns', {
      name: `Bench ${run + 1}`,
      templates: slugs,
      audience: { kind: 'roles', roles: ['employee'] },
      firstDay: berlinDay(new Date()),
      windowDays: 10,
      trackOpens: true,
    })) as { id: string };
    const started = performance.now();
    const { planned } = (await api(`/phishing/campaigns/${id}/start`, {})) as { planned: number };
    const done = performance.now();
    // Past the whole window: every message of the campaign is due. One run takes 25 batches of
    // 200 at most, exactly one campaign.
    const dispatched = performance.now();
    const { queued } = await dispatchPhishing(db, {
      now: new Date(Date.now() + 40 * 24 * 3600 * 1000),
      senderDomain: 'sicher-anmelden.example',
      linkUrl: base,
    });
    schedule.push({
      createMs: started - created,
      startMs: done - started,
      planned,
      dispatchMs: performance.now() - dispatched,
      queued,
    });
    campaignIds.push(id);
  }

  // ── 1. The click ──
  const planted = await plantClickMessages(db, campaignIds[0] ?? '', companyId);
  const tokens = planted.slice(0, CLICK_TOKENS);
  const proofKey = createHmac('sha256', Buffer.from(totpKey, 'base64')).update('phishing-proof').digest();
  const proofOf = (token: string) => createHmac('sha256', proofKey).update(token).digest('base64url').slice(0, 32);
  // The proof this benchmark computes is the one the landing page carries.
  const sample = tokens[0] ?? '';
  const landing = await (await fetch(`${base}/p/${sample}`)).text();
  if (!landing.includes(`name="proof" value="${proofOf(sample)}"`))
    throw new Error('the landing page has another proof');

  const stepTokens = planted.slice(CLICK_TOKENS);
  const perStep = STEP_CALLS + STEP_WARMUP;
  const tokenSets = Array.from({ length: CLICKING_STEPS }, (_, set) =>
    stepTokens.slice(set * perStep, (set + 1) * perStep),
  );
  // The measurement's own handle: only its commits skip the wait for the flush (libpq `options`).
  const unflushed = location.startsWith('postgres')
    ? openDatabase(`${location}?options=${encodeURIComponent('-c synchronous_commit=off')}`, { poolSize: 1 })
    : undefined;
  const steps = await clickSteps(db, tokenSets, proofOf, unflushed);
  if (unflushed) await closeDatabase(unflushed);
  const clicked = async () =>
    Number((await db.select({ n: count() }).from(phishingMessages).where(isNotNull(phishingMessages.clickedAt)))[0]?.n);
  const clickedBefore = await clicked();
  const postgres = location.startsWith('postgres');

  const floorProcess = track(
    spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'target', location, totpKey], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const work = await readLine(floorProcess, 'the work floor process');

  let nextToken = 0;
  let nextLanding = 0;
  let nextAddress = 0;
  const address = () => {
    const n = nextAddress++ % ADDRESSES;
    return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
  /** Each request the next unused token, posted as a browser posts the landing page's form. */
  const clicks = (url: string, path: (token: string) => string): autocannon.Options => ({
    url,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const token = tokens[nextToken++ % tokens.length] ?? '';
          return {
            ...request,
            path: path(token),
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': address(),
              'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
            },
            body: `proof=${proofOf(token)}`,
          };
        },
      },
    ],
  });
  const calls: Record<
    string,
    { options: autocannon.Options; pid: number | undefined; redirects?: boolean; recordsNothing?: boolean }
  > = {
    floor: { options: { url: `${base}/readyz` }, pid: server.pid },
    landing: {
      options: {
        url: base,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/p/${tokens[nextLanding++ % tokens.length]}`,
              headers: { 'x-forwarded-for': address(), 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
            }),
          },
        ],
      },
      pid: server.pid,
    },
    click: { options: clicks(base, (token) => `/p/${token}/click`), pid: server.pid, redirects: true },
    workPing: { options: { url: `${work}/work/ping` }, pid: floorProcess.pid },
    workClick: {
      options: clicks(work, (token) => `/work/click/${token}`),
      pid: floorProcess.pid,
      redirects: true,
    },
    workClickUnlimited: {
      options: clicks(work, (token) => `/work/click-unlimited/${token}`),
      pid: floorProcess.pid,
      redirects: true,
    },
    // One token for all: nothing is recorded, and the click's tokens stay unused.
    workForm: {
      options: {
        url: `${work}/work/form/${sample}`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `proof=${proofOf(sample)}`,
      },
      pid: floorProcess.pid,
      redirects: true,
      recordsNothing: true,
    },
  };
  const results = new Map<string, TFigure[]>();
  let clicksAnswered = 0;
  const measure = async (name: string, seconds: number, record: boolean, connections = CONNECTIONS) => {
    const call = calls[name];
    if (!call) throw new Error(`no call ${name}`);
    const cpuBefore = cpuMicros(call.pid);
    const result = await autocannon({ connections, duration: seconds, ...call.options });
    const cpu = cpuMicros(call.pid) - cpuBefore;
    const answered = call.redirects ? result['3xx'] : result['2xx'];
    if (call.redirects && !call.recordsNothing) clicksAnswered += result['3xx'];
    if (!record) return;
    const key = connections === CONNECTIONS ? name : `${name}@${connections}`;
    results.set(key, [
      ...(results.get(key) ?? []),
      {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.requests.total - answered,
        answered,
        cpuPerRequest: result.requests.total === 0 ? 0 : cpu / result.requests.total,
      },
    ]);
  };
  // Warm-up, not counted: a fresh process compiles (JIT) during its first seconds.
  for (const name of Object.keys(calls)) await measure(name, 3, false);
  // Rounds alternate between the calls, so a noisy neighbour on this shared machine slows all alike.
  for (let round = 0; round < ROUNDS; round += 1)
    for (const name of ['floor', 'landing', 'click']) await measure(name, SECONDS, true);
  for (const name of ['workPing', 'workClick', 'workClickUnlimited', 'workForm']) await measure(name, SECONDS, true);
  // What one person waits for: a click with nobody else clicking (real campaigns see a few a minute).
  await measure('click', SECONDS, true, 1);

  await sleep(1_000);
  const clicksCounted = (await clicked()) - clickedBefore;
  const tokensUsed = nextToken;
  const database: Record<string, TDatabaseCost> = {};
  if (postgres) {
    // Backends report their WAL figures at most once a second, and an idle one only after ten.
    await sleep(11_000);
    const load = (name: string) => () => {
      const call = calls[name];
      if (!call) throw new Error(`no call ${name}`);
      return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...call.options });
    };
    // /readyz writes no WAL, so the click's reading starts right after it.
    database.floor = await databaseCost(db, load('floor'));
    database.click = await databaseCost(db, load('click'), 11_000);
  }
  // Probes, after the timed rounds: what each request sends to PostgreSQL.
  const statements: Record<string, TStatements> = {};
  if (postgres) {
    const probe = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, { redirect: 'manual', ...init }).then((response) => response.arrayBuffer());
    const form = (token: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address() },
      body: `proof=${proofOf(token)}`,
    });
    statements.floor = await statementsOf(db, PROBE_CALLS, () => probe('/readyz'));
    statements.landing = await statementsOf(db, PROBE_CALLS, () =>
      probe(`/p/${tokens[nextLanding++ % tokens.length]}`, { headers: { 'x-forwarded-for': address() } }),
    );
    statements.click = await statementsOf(db, PROBE_CALLS, () => {
      const token = tokens[nextToken++ % tokens.length] ?? '';
      return probe(`/p/${token}/click`, form(token));
    });
  }

  await stop(floorProcess);
  await stop(server);
  await closeDatabase(db);
  const figures: Record<string, TFigure> = {};
  for (const [name, runs] of results) {
    figures[name] = {
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      answered: runs.reduce((sum, run) => sum + run.answered, 0),
      cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
    };
  }
  return {
    label,
    schedule,
    steps,
    statements,
    figures,
    clicksCounted,
    clicksAnswered,
    tokensUsed,
    database,
  };
}

function report(result: TDatabaseResult) {
  const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
  console.log(`  ${result.label}`);
  console.log('    scheduling 5,000 recipients (create + start over HTTP), then their dispatch into the outbox:');
  for (const [index, run] of result.schedule.entries()) {
    const total = run.createMs + run.startMs;
    console.log(
      `      campaign ${index + 1}: create ${ms(run.createMs)} + start ${ms(run.startMs)} = ${ms(total)} ` +
        `(${run.planned} planned; < 10 s: ${total < TARGET_SCHEDULE_MS ? 'met' : 'NOT met'}); ` +
        `dispatch ${ms(run.dispatchMs)} (${run.queued} queued, ${(run.queued / (run.dispatchMs / 1000)).toFixed(0)} mails/s)`,
    );
  }
  const { floor, click, landing, workPing, workClick, workClickUnlimited, workForm } = result.figures;
  const row = (name: string, figure: TFigure | undefined, against?: TFigure, againstName = 'the floor') =>
    figure
      ? console.log(
          `    ${name.padEnd(58)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  ` +
            `server CPU ${figure.cpuPerRequest.toFixed(0).padStart(5)} µs/req${against ? `  ${percent(figure.rps, against.rps).padStart(5)} of ${againstName}` : ''}` +
            `${figure.errors ? `  (${figure.errors} unexpected answers)` : ''}`,
        )
      : undefined;
  console.log(`    the click, ${CONNECTIONS} connections, median of ${ROUNDS} alternating rounds of ${SECONDS} s:`);
  row('floor: GET /readyz (select 1)', floor);
  row('landing page: GET /p/<token>', landing, floor);
  row('click: POST /p/<token>/click with its proof, first clicks', click, floor);
  console.log(`    beside it, one round each: the click's services on bare Hono (no middlewares):`);
  row('bare ping (select 1)', workPing);
  row('bare click: limit + lookup + proof + event', workClick, workPing, 'the bare ping');
  row('bare click without the per-address limit', workClickUnlimited, workPing, 'the bare ping');
  row('bare form post: body, proof, redirect, no database', workForm, workPing, 'the bare ping');
  if (click && workClick)
    console.log(`    the click reaches ${percent(click.rps, workClick.rps)} of its bare services`);
  const alone = result.figures['click@1'];
  if (alone)
    console.log(
      `    one click at a time (1 connection, one round): p50 ${alone.p50} ms, p99 ${alone.p99} ms, ${alone.rps.toFixed(0)} req/s`,
    );
  if (click)
    // Little's law: with every connection waiting for its answer, the mean latency is connections / throughput.
    console.log(
      `    ${CONNECTIONS} waiting connections / ${click.rps.toFixed(0)} req/s = ${((CONNECTIONS / click.rps) * 1000).toFixed(0)} ms mean latency; ` +
        `a mean under 50 ms needs ${(CONNECTIONS / 0.05).toFixed(0)} req/s`,
    );
  console.log(`    a click's services one by one, in this process (${STEP_CALLS} calls each, no concurrency):`);
  for (const step of result.steps)
    console.log(
      `      ${step.label.padEnd(58)} ${step.wallMicros.toFixed(0).padStart(5)} µs wall  ${step.cpuMicros.toFixed(0).padStart(5)} µs CPU (Node)`,
    );
  for (const [name, label] of [
    ['floor', '/readyz'],
    ['landing', 'landing page'],
    ['click', 'click'],
  ] as const) {
    const probe = result.statements[name];
    if (!probe) continue;
    console.log(`    statements to PostgreSQL per request, ${label}: ${probe.perRequest.toFixed(2)}`);
    for (const statement of probe.statements)
      console.log(`      ${statement.perRequest.toFixed(2).padStart(5)} × ${statement.query}`);
  }
  for (const [name, label] of [
    ['floor', '/readyz'],
    ['click', 'click'],
  ] as const) {
    const cost = result.database[name];
    if (!cost) continue;
    console.log(
      `    PostgreSQL's own cost per request, ${label} (${cost.requests.toLocaleString('en')} requests, 50 connections): ` +
        `CPU ${cost.cpuMicros.toFixed(0)} µs in its connections, ${cost.otherCpuMicros.toFixed(0)} µs in other processes, WAL ${cost.walBytes.toFixed(0)} bytes, ` +
        `${cost.walSyncs.toFixed(2)} flushes taking ${cost.walSyncMicros.toFixed(0)} µs` +
        (cost.walSyncs > 0 ? ` (${(cost.walSyncMicros / cost.walSyncs / 1000).toFixed(2)} ms a flush)` : ''),
    );
  }
  if (floor && click) {
    const ratioMet = click.rps / floor.rps >= TARGET_RATIO;
    const p99Met = click.p99 < TARGET_P99_MS;
    console.log(
      `    targets: click ${percent(click.rps, floor.rps)} of the floor (≥ 75 %: ${ratioMet ? 'met' : 'NOT met'}), ` +
        `p99 ${click.p99} ms (< 50 ms: ${p99Met ? 'met' : 'NOT met'})`,
    );
  }
  console.log(
    // A click still in flight when a run ends is recorded but not counted by autocannon: the two
    // differ by at most the connections of each run.
    `    clicks answered 303: ${result.clicksAnswered.toLocaleString('en')}, first clicks recorded meanwhile: ${result.clicksCounted.toLocaleString('en')}, ` +
      `tokens used: ${result.tokensUsed.toLocaleString('en')} of ${CLICK_TOKENS.toLocaleString('en')}` +
      (result.tokensUsed > CLICK_TOKENS
        ? ' (the pool wrapped: later clicks were repeats; raise BENCH_CLICK_TOKENS)'
        : ''),
  );
}

/**
 * One database in a process of its own (one process binds one dialect, ADR 028): measures it and
 * prints its result as one JSON line for the parent.
 */
async function measureInThisProcess(label: string, location: string) {
  const children = new Set<ChildProcess>();
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  const result = await measureDatabase(label, location, children);
  console.log(`result ${JSON.stringify(result)}`);
  process.exit(0);
}

async function measureInChild(label: string, location: string): Promise<TDatabaseResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'measure', label, location], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let result: TDatabaseResult | undefined;
  lines.on('line', (line) => {
    if (line.startsWith('result ')) result = JSON.parse(line.slice('result '.length)) as TDatabaseResult;
    else console.log(line);
  });
  const [code] = await once(child, 'exit');
  if (!result) throw new Error(`measuring ${label} failed (exit ${code})`);
  return result;
}

async function main() {
  const only = process.env.BENCH_DATABASE;
  const dir = mkdtempSync(join(tmpdir(), 'bench-phishing-'));
  // pg_stat_statements counts what each request sends (the probes); many production clusters load it too.
  const cluster =
    only === 'sqlite'
      ? undefined
      : await startDurableCluster({ shared_preload_libraries: 'pg_stat_statements', track_wal_io_timing: 'on' });
  process.on('exit', () => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const results: TDatabaseResult[] = [];
  if (only !== 'postgres') results.push(await measureInChild('SQLite', join(dir, 'portal.sqlite')));
  if (cluster) {
    const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
    await admin.execute('create database phishing');
    await admin.$client.end();
    results.push(await measureInChild('PostgreSQL', cluster.url('phishing')));
  }
  console.log(
    `Phishing (issue 24): autocannon ${CONNECTIONS} connections; ${RECIPIENTS.toLocaleString('en')} recipients`,
  );
  for (const result of results) report(result);
  process.exit(0);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'target') {
  const [location, key] = args;
  if (!location || !key) throw new Error('usage: bench-phishing.ts target <database> <totp key, base64>');
  serveWorkFloor(location, key);
} else if (mode === 'measure') {
  const [label, location] = args;
  if (!label || !location) throw new Error('usage: bench-phishing.ts measure <label> <database>');
  await measureInThisProcess(label, location);
} else {
  await main();
}
