/*
 * Issue 22 ("Speed"): the daily reminder run (`runReminders`, ADR 033) over the load data set of
 * `npm run db:generate-load` (20,000 companies, 220,000 people), on SQLite and on PostgreSQL.
 * Targets: the run finishes in under 60 s on both databases, writes in batches, and learners
 * saving progress during it keep a p99 under 50 ms, measured in the same run beside the same load
 * without the job (the floor, docs/benchmarks.md).
 *
 * The load data set has no due dates, so the ladder would have nothing to do. A copy of it
 * (data/bench/reminders-base.sqlite, kept for the next run; data/load/portal.sqlite is only read)
 * gets, deterministically:
 * - every policyholder's AVV accepted (the run skips companies without it);
 * - a `reminder_settings` row per company: its Bundesland (from the city), and the completion
 *   state of the day before (as today, except 5 % of the companies below the threshold, whose
 *   employer is therefore alerted today);
 * - one general deadline per company: companies younger than 300 days "within N days"
 *   (`default_due_days`), chosen so that their learners' due dates fall from 30 days before to 120
 *   days after the benchmark day; older ones one date for all their courses (`course_due_dates`)
 *   from 10 days before to 80 days after it.
 * The benchmark day is Monday 2026-11-30, 10:00 in Berlin: a working day everywhere and the first
 * of its week, so the managers' digests go out too.
 *
 * Each database runs in a server process of its own (this script with `serve`): the real app
 * (`createApp`, production configuration), and `runReminders` in the same process, where the job
 * runner runs it in production (ADR 032; one process binds one dialect, ADR 028). Per database:
 *   1. one run on a fresh copy, nothing else running: wall clock, rows written per second, per
 *      page of companies the time in reads, in computing and in write transactions (the code under
 *      test is not changed: the handle it gets records its reads and transactions), and how long the
 *      process's event loop was blocked;
 *   2. one run on another fresh copy while simulated learners save progress through HTTP
 *      (POST /api/progress/save-progress, `SAVE_RATE` a second from this process, open loop: each
 *      request's latency counts from the moment it was due, so a stalled server is not hidden by
 *      requests that were never sent): first `FLOOR_SECONDS` without the run (the floor), then
 *      during the run.
 * A run still going after BENCH_RUN_LIMIT seconds (180, three times the target) is stopped after
 * its batch and its time projected, so the script stays bounded when the run is far off target.
 * PostgreSQL: a throwaway cluster with production durability; the base goes in through
 * `db:copy-to-postgres`'s code (15 minutes for its 4 million rows on the 2-core machine) once, is
 * kept as a pg_dump in data/bench/ and restored from it on later runs, and is copied per run as a
 * template. BENCH_DATABASE=sqlite or =postgres runs one of them; BENCH_CPU_PROFILE=1 writes a CPU
 * profile of each server process to data/bench/profiles. Part of `npm run bench`.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createSession, loadConfig, runReminders, type TReminderRunResult } from '@portal/core';
import { ensureLoadDatabase, LOAD_DATABASE_FILE, seededRandom } from '@portal/core/load-data';
import {
  certificates,
  closeDatabase,
  companies,
  count,
  courseCycles,
  DATABASE,
  driverOf,
  eq,
  mailOutbox,
  migrateDatabase,
  openDatabase,
  reminderLog,
  reminderSettings,
  type TDatabase,
  users,
} from '@portal/db';
import { addDays, berlinDay, dayNumber } from '@portal/validators';
import Database from 'better-sqlite3';
import { openPostgresOrm } from '../packages/db/src/postgres-database.ts';
import { postgresBinaries, type TPostgresCluster } from '../packages/db/src/testing/postgres-cluster.ts';
import { copyIntoNewDatabase, startDurableCluster } from './support/bench-postgres.ts';

/** Monday 2026-11-30, 10:00 in Berlin: a working day in every Bundesland, the first of its week. */
const BENCH_NOW = new Date(process.env.BENCH_NOW ?? '2026-11-30T09:00:00Z');
const TARGET_SECONDS = 60;
const TARGET_P99_MS = 50;
const SAVE_RATE = Number(process.env.SAVE_RATE ?? 100);
const LEARNERS = 100;
const WARMUP_SECONDS = 10;
const FLOOR_SECONDS = Number(process.env.FLOOR_SECONDS ?? 20);
/**
 * A run still going after this many seconds (3 × the target) is stopped after its current batch
 * and its time projected from the companies done, so that `npm run bench` stays bounded while the
 * run misses the target by far. BENCH_RUN_LIMIT=0 runs every run to its end.
 */
const RUN_LIMIT_SECONDS = Number(process.env.BENCH_RUN_LIMIT ?? 180);
/** Changes whenever the preparation below changes: the cached PostgreSQL dump is then made anew. */
const SETUP_VERSION = 2;

const root = resolve(import.meta.dirname, '..');
const benchDir = join(root, 'data/bench');
const n = (value: number) => Math.round(value).toLocaleString('en');

// ── The server process ───────────────────────────────────────────────────────────────────────

type TToServer = { type: 'sessions'; learners: { userId: string }[] } | { type: 'run'; now: string };
type TFromServer =
  | { type: 'listening'; url: string }
  | { type: 'sessions'; tokens: string[] }
  | { type: 'done'; report: TRunReport };

interface TBatchTimes {
  total: number;
  reads: number;
  writes: number;
  compute: number;
}
interface TRunReport {
  seconds: number;
  /** False when the run was stopped after RUN_LIMIT_SECONDS; the time of all companies is then projected. */
  complete: boolean;
  projectedSeconds: number;
  /** Companies whose policyholder accepted the AVV: the run's work. */
  eligible: number;
  companies: number;
  learnerMails: number;
  digests: number;
  alerts: number;
  refreshers: number;
  /** Rows the run inserted per table, and the company states it changed. */
  inserted: Record<TCountedTable, number>;
  settingsRows: number;
  writeTransactions: number;
  longestWriteMs: number;
  batches: TBatchTimes[];
  /** The longest the event loop was blocked during the run, and the time in blocks of over 50 ms. */
  loopMaxMs: number;
  loopBlockedSeconds: number;
}
type TCountedTable = 'reminder_log' | 'mail_outbox' | 'course_cycles' | 'certificates';

/**
 * The app on `location` (production configuration, one process), which also runs the reminder
 * run when the parent asks, on the same database handle, as the job runner would (ADR 032).
 */
async function serveDatabase(location: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    ...(location.startsWith('postgres') ? { DATABASE_URL: location } : { DATABASE_FILE: location }),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    // The mail worker does not run here; production only insists that mail is configured.
    SMTP_URL: 'smtp://127.0.0.1:9',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const db = openDatabase(config.databaseLocation, { poolSize: config.DATABASE_POOL_SIZE });
  const { createApp } = await import('../apps/server/src/app.ts');
  const silent = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };
  const app = createApp({ db, config, logger: silent, webDist: join(benchDir, 'no-web') });
  const send = (message: TFromServer) => process.send?.(message);
  process.on('message', async (message: TToServer) => {
    if (message.type === 'sessions') {
      const tokens: string[] = [];
      for (const { userId } of message.learners)
        tokens.push((await createSession(db, { userId, role: 'employee' })).token);
      send({ type: 'sessions', tokens });
    } else if (message.type === 'run') {
      send({ type: 'done', report: await timedRun(db, new Date(message.now)) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
    send({ type: 'listening', url: `http://127.0.0.1:${info.port}` }),
  );
}

interface TEvent {
  kind: 'read' | 'write';
  start: number;
  end: number;
}

/**
 * `db` with its reads (every `select` builder, timed from its execution to its rows) and its write
 * transactions (from asking for the write connection to the commit) recorded, without touching
 * the code under test. On SQLite a read runs synchronously inside its `then`.
 */
function recorded(db: TDatabase, events: TEvent[]): TDatabase {
  const driver = driverOf(db);
  const timedDriver: ReturnType<typeof driverOf> = {
    ...driver,
    async transaction(work, options) {
      const start = performance.now();
      try {
        return await driver.transaction(work, options);
      } finally {
        events.push({ kind: 'write', start, end: performance.now() });
      }
    },
  };
  const wrap = (value: object): object => {
    const proxy: object = new Proxy(value, {
      get(target, property) {
        const member = Reflect.get(target, property, target);
        if (typeof member !== 'function') return member;
        if (property === 'then') {
          return (onFulfilled: (rows: unknown) => unknown, onRejected: (error: unknown) => unknown) => {
            const start = performance.now();
            return (member as (ok: (rows: unknown) => unknown) => Promise<unknown>)
              .call(target, (rows) => {
                events.push({ kind: 'read', start, end: performance.now() });
                return rows;
              })
              .then(onFulfilled, onRejected);
          };
        }
        return (...args: unknown[]) => {
          const result = (member as (...a: unknown[]) => unknown).apply(target, args);
          if (result === target) return proxy;
          return result !== null && typeof result === 'object' ? wrap(result) : result;
        };
      },
    });
    return proxy;
  };
  // The handle's driver property cannot be replaced through a proxy (it is read-only), so the
  // recording handle inherits from `db` and has its own driver and `select`.
  const handle = Object.create(db) as TDatabase & { select: TDatabase['select'] };
  Object.defineProperty(handle, DATABASE, { value: timedDriver });
  handle.select = ((...args: Parameters<TDatabase['select']>) => wrap(db.select(...args))) as TDatabase['select'];
  return handle;
}

/** How late a 10-ms timer fires while the run goes on: the event loop blocked by synchronous work. */
function loopLag() {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const at = performance.now();
    lags.push(Math.max(0, at - last - 10));
    last = at;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      // The block that ends now (on SQLite the whole run may be one: it never yields to timers).
      lags.push(Math.max(0, performance.now() - last - 10));
      return {
        max: Math.max(0, ...lags),
        blocked: lags.filter((lag) => lag > 50).reduce((sum, lag) => sum + lag, 0) / 1000,
      };
    },
  };
}

class StopRun extends Error {}

/** Companies the run goes through (their policyholder accepted the AVV; the benchmark day is a working day everywhere). */
async function eligibleCompanies(db: TDatabase): Promise<number> {
  const [row] = await db
    .select({ companies: count() })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(users.orderProcessingAccepted, true));
  return Number(row?.companies ?? 0);
}

async function timedRun(db: TDatabase, now: Date): Promise<TRunReport> {
  const tables = { reminder_log: reminderLog, mail_outbox: mailOutbox, course_cycles: courseCycles, certificates };
  const rowCounts = async () => {
    const counts = {} as Record<TCountedTable, number>;
    for (const [name, table] of Object.entries(tables))
      counts[name as TCountedTable] = Number((await db.select({ rows: count() }).from(table))[0]?.rows ?? 0);
    return counts;
  };
  const states = async () =>
    new Map(
      (
        await db
          .select({ id: reminderSettings.companyId, below: reminderSettings.completionBelow })
          .from(reminderSettings)
      ).map((row) => [row.id, row.below]),
    );
  const before = { rows: await rowCounts(), states: await states() };
  const events: TEvent[] = [];
  const batchEnds: number[] = [];
  const eligible = await eligibleCompanies(db);
  const stopAfter = RUN_LIMIT_SECONDS > 0 ? RUN_LIMIT_SECONDS * 1000 : Number.POSITIVE_INFINITY;
  let result: TReminderRunResult | undefined;
  const loop = loopLag();
  const started = performance.now();
  try {
    result = await runReminders(recorded(db, events), {
      now,
      publicUrl: 'http://127.0.0.1',
      onBatch: (done) => {
        batchEnds.push(performance.now());
        // Past the limit the verdict is clear: stop after this batch (it is written) and project.
        if (performance.now() - started > stopAfter) {
          result = { ...done };
          throw new StopRun();
        }
      },
    });
  } catch (error) {
    if (!(error instanceof StopRun)) throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  const blocked = loop.stop();
  if (!result) throw new Error('the run returned nothing');
  if (result.skipped) throw new Error(`the run did nothing (${result.skipped}): ${now.toISOString()}`);
  const complete = result.companies >= eligible;
  const after = { rows: await rowCounts(), states: await states() };
  let settingsRows = 0;
  for (const [id, below] of after.states) if (before.states.get(id) !== below) settingsRows += 1;
  const inserted = {} as Record<TCountedTable, number>;
  for (const name of Object.keys(tables) as TCountedTable[]) inserted[name] = after.rows[name] - before.rows[name];

  // A batch: from the end of the one before (the run's start for the first) to its own end (onBatch).
  const reads = events.filter((event) => event.kind === 'read');
  const writes = events.filter((event) => event.kind === 'write');
  const batches = batchEnds.map((end, index): TBatchTimes => {
    const from = index === 0 ? started : (batchEnds[index - 1] as number);
    // Reads that run side by side (the run reads with Promise.all) count once: the union of
    // their intervals.
    const sum = (list: TEvent[]) => {
      let total = 0;
      let reach = Number.NEGATIVE_INFINITY;
      const inBatch = list.filter((event) => event.start >= from && event.start < end);
      for (const event of inBatch.sort((a, b) => a.start - b.start)) {
        if (event.end <= reach) continue;
        total += event.end - Math.max(event.start, reach);
        reach = event.end;
      }
      return total;
    };
    const total = end - from;
    return { total, reads: sum(reads), writes: sum(writes), compute: total - sum(reads) - sum(writes) };
  });
  return {
    seconds,
    complete,
    projectedSeconds: complete ? seconds : (seconds * eligible) / Math.max(1, result.companies),
    eligible,
    companies: result.companies,
    learnerMails: result.learnerMails,
    digests: result.digests,
    alerts: result.alerts,
    refreshers: result.refreshers,
    inserted,
    settingsRows,
    writeTransactions: writes.length,
    longestWriteMs: Math.max(0, ...writes.map((event) => event.end - event.start)),
    batches,
    loopMaxMs: blocked.max,
    loopBlockedSeconds: blocked.blocked,
  };
}

// ── The orchestrating process ────────────────────────────────────────────────────────────────

interface TLearner {
  userId: string;
  slug: string;
}

async function main() {
  const only = process.env.BENCH_DATABASE;
  const loadFile = process.env.LOAD_DATABASE_FILE ?? LOAD_DATABASE_FILE;
  const info = await ensureLoadDatabase(loadFile, (message) => console.log(message));
  console.log(
    `reminder run on ${info.file} (${info.reused ? 'reused' : `generated in ${info.seconds.toFixed(1)} s`}): ` +
      `${n(info.counts.companies)} companies, ${n(info.counts.people)} people, ${n(info.counts.assignments)} assignments`,
  );
  mkdirSync(benchDir, { recursive: true });
  const base = join(benchDir, 'reminders-base.sqlite');
  const prepared = await prepareBase(info.file, base);
  console.log(
    `  base copy ${base} ${prepared.reused ? 'reused' : `prepared in ${prepared.seconds.toFixed(1)} s`}: ${n(prepared.defaultDue)} companies with ` +
      `"within N days", ${n(prepared.courseDue)} with per-course due dates (${n(prepared.courseDueRows)} rows), ` +
      `${n(prepared.avvSet)} policyholders' AVV set, ${n(prepared.alertable)} companies set to drop below the threshold today`,
  );

  const children = new Set<ChildProcess>();
  const temporary = new Set<string>();
  let cluster: TPostgresCluster | undefined;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    cluster?.stop();
    for (const file of temporary)
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  });

  const results: { database: string; alone: TRunReport; loaded: TLoaded }[] = [];
  const measureOn = async (database: string, fresh: () => Promise<string>) => {
    const alone = await runAlone(await fresh(), children);
    printRun(database, 'alone', alone);
    const loaded = await runUnderLoad(await fresh(), children, prepared.learners);
    printRun(database, 'with learners saving', loaded.report);
    results.push({ database, alone, loaded });
  };

  if (only !== 'postgres') {
    await measureOn('SQLite', async () => {
      const copy = join(benchDir, 'reminders-run.sqlite');
      for (const suffix of ['-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
      copyFileSync(base, copy);
      temporary.add(copy);
      return copy;
    });
  }
  if (only !== 'sqlite') {
    cluster = await startDurableCluster({ shared_buffers: '512MB' });
    const baseUrl = await postgresBase(cluster, base, prepared.key);
    // The run alone goes on the base itself; the run under load on a copy made before it.
    const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
    const started = performance.now();
    await admin.execute('create database loaded template base strategy file_copy');
    await admin.$client.end();
    console.log(
      `  PostgreSQL: copy of the base for the second run in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const fresh = [baseUrl, cluster.url('loaded')];
    await measureOn('PostgreSQL', async () => fresh.shift() as string);
  }

  report(results);
  process.exit(0);
}

/**
 * The base copy of the load file with work for the ladder (see the header). Deterministic: the
 * same load file gives the same base. Returns what it set, the learners who save progress (active
 * employees of 100 different companies, one of their courses each) and the key of the PostgreSQL dump.
 */
async function prepareBase(loadFile: string, base: string) {
  const started = performance.now();
  const journals = ['migrations', 'migrations-postgres'].map((folder) =>
    readFileSync(join(root, 'packages/db', folder, 'meta/_journal.json'), 'utf8'),
  );
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        SETUP_VERSION,
        BENCH_NOW.toISOString(),
        readFileSync(join(resolve(loadFile), '../load-info.json'), 'utf8'),
        journals,
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  // The base of an earlier run from the same load file, setup and migrations is the same base.
  const sidecar = `${base}.json`;
  if (existsSync(base) && existsSync(sidecar)) {
    const earlier = JSON.parse(readFileSync(sidecar, 'utf8')) as { key: string };
    if (earlier.key === key) {
      const reused = earlier as typeof earlier & {
        defaultDue: number;
        courseDue: number;
        courseDueRows: number;
        avvSet: number;
        alertable: number;
        learners: TLearner[];
      };
      return { ...reused, seconds: (performance.now() - started) / 1000, reused: true };
    }
  }
  rmSync(sidecar, { force: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${base}${suffix}`, { force: true });
  const source = new Database(loadFile, { readonly: true, fileMustExist: true });
  await source.backup(base);
  source.close();
  // Migrations newer than the load file (the copy to PostgreSQL refuses a file behind the release).
  const migrated = openDatabase(base);
  await migrateDatabase(migrated);
  await closeDatabase(migrated);

  const sqlite = new Database(base);
  sqlite.pragma('journal_mode = WAL');
  const today = berlinDay(BENCH_NOW);
  const nowMs = BENCH_NOW.getTime();
  const random = seededRandom(22_022);
  const stateOfCity: Record<string, string> = {
    Köln: 'NW',
    Hamburg: 'HH',
    München: 'BY',
    Leipzig: 'SN',
    Münster: 'NW',
    Stuttgart: 'BW',
  };
  const companyRows = sqlite.prepare('select id, created_at as createdAt, city from companies order by id').all() as {
    id: string;
    createdAt: number;
    city: string | null;
  }[];
  const completion = new Map(
    (
      sqlite
        .prepare(
          `select u.company_id as id, count(*) as assigned,
                  sum(case when p.status = 'completed' then 1 else 0 end) as completed
           from course_assignments a join users u on u.id = a.user_id
           left join course_progress p on p.user_id = a.user_id and p.course_slug = a.course_slug
           where u.role <> 'admin' group by u.company_id`,
        )
        .all() as { id: string; assigned: number; completed: number }[]
    ).map((row) => [row.id, row]),
  );
  const slugsOf = new Map<string, string[]>();
  for (const row of sqlite
    .prepare(
      'select distinct u.company_id as id, a.course_slug as slug from course_assignments a join users u on u.id = a.user_id',
    )
    .all() as { id: string; slug: string }[]) {
    const list = slugsOf.get(row.id) ?? [];
    list.push(row.slug);
    slugsOf.set(row.id, list);
  }

  const insertSettings = sqlite.prepare(
    `insert into reminder_settings (company_id, default_due_days, state, completion_below, updated_at)
     values (?, ?, ?, ?, ?)`,
  );
  const insertDue = sqlite.prepare(
    'insert into course_due_dates (company_id, course_slug, due_on, updated_at) values (?, ?, ?, ?)',
  );
  let defaultDue = 0;
  let courseDue = 0;
  let courseDueRows = 0;
  let alertable = 0;
  const avvSet = sqlite.transaction(() => {
    for (const company of companyRows) {
      const age = dayNumber(today) - dayNumber(berlinDay(new Date(company.createdAt)));
      let dueDays: number | null = null;
      if (age <= 300) {
        // Its people were assigned 0-60 days after the company was created: "within N days" puts
        // their due dates from 30 days before to 120 days after the benchmark day.
        dueDays = Math.max(1, Math.min(365, age + random.between(-30, 61)));
        defaultDue += 1;
      } else {
        // One deadline for every course, from 10 days before to 80 days after the benchmark day.
        const dueOn = addDays(today, random.between(-10, 81));
        for (const slug of slugsOf.get(company.id) ?? []) {
          insertDue.run(company.id, slug, dueOn, nowMs);
          courseDueRows += 1;
        }
        courseDue += 1;
      }
      const figures = completion.get(company.id);
      const below = figures && figures.assigned > 0 ? (100 * figures.completed) / figures.assigned < 80 : false;
      // Yesterday's state: as today, except 5 % of those below, which drop below today.
      const wasBelow = below && !random.chance(0.05);
      if (below && !wasBelow) alertable += 1;
      insertSettings.run(company.id, dueDays, stateOfCity[company.city ?? ''] ?? null, wasBelow ? 1 : 0, nowMs);
    }
    return sqlite
      .prepare(
        `update users set order_processing_accepted = 1, order_processing_accepted_at = ?
         where role = 'employer' and order_processing_accepted = 0`,
      )
      .run(nowMs - 30 * 86_400_000).changes;
  })();

  const candidates = sqlite
    .prepare(
      `select u.id as userId, u.company_id as companyId, min(a.course_slug) as slug
       from users u join course_assignments a on a.user_id = u.id
       join companies c on c.id = u.company_id join users o on o.id = c.owner_id
       where u.role = 'employee' and u.active = 1 and u.locked = 0 and o.locked = 0
       group by u.id order by u.id`,
    )
    .all() as { userId: string; companyId: string; slug: string }[];
  const learners: TLearner[] = [];
  const companiesTaken = new Set<string>();
  for (let index = 0; learners.length < LEARNERS && index < candidates.length; index += 997) {
    const candidate = candidates[index] as (typeof candidates)[number];
    if (companiesTaken.has(candidate.companyId)) continue;
    companiesTaken.add(candidate.companyId);
    learners.push({ userId: candidate.userId, slug: candidate.slug });
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();

  const prepared = { key, defaultDue, courseDue, courseDueRows, avvSet, alertable, learners };
  writeFileSync(sidecar, `${JSON.stringify(prepared)}\n`);
  return { ...prepared, seconds: (performance.now() - started) / 1000, reused: false };
}

/**
 * Database `base` in the cluster: restored from the dump of an earlier run with the same key, or
 * copied from the SQLite base with `db:copy-to-postgres`'s code (timed) and dumped for next time.
 */
async function postgresBase(cluster: TPostgresCluster, baseFile: string, key: string): Promise<string> {
  const bin = postgresBinaries() as string;
  const dump = join(benchDir, 'reminders-postgres.dump');
  const dumpKey = join(benchDir, 'reminders-postgres.key');
  const client = ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'portal'];
  if (existsSync(dump) && existsSync(dumpKey) && readFileSync(dumpKey, 'utf8') === key) {
    const started = performance.now();
    const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
    await admin.execute('create database base');
    await admin.$client.end();
    execFileSync(join(bin, 'pg_restore'), [...client, '-d', 'base', '-j', '2', '--no-owner', dump], {
      stdio: 'inherit',
    });
    const orm = openPostgresOrm(cluster.url('base'), { poolSize: 1 });
    await orm.execute('analyze');
    await orm.$client.end();
    console.log(
      `  PostgreSQL: base restored from ${dump} (an earlier copy through db:copy-to-postgres, ` +
        `${(statSync(dump).size / 1024 ** 2).toFixed(0)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return cluster.url('base');
  }
  console.log('  PostgreSQL: copying the base in with db:copy-to-postgres (about 10 minutes, once; kept as a dump) …');
  const { url, tables, rows, seconds } = await copyIntoNewDatabase(cluster, 'base', baseFile);
  console.log(
    `  PostgreSQL: copy (npm run db:copy-to-postgres): ${n(rows)} rows in ${tables.length} tables, verified, ` +
      `in ${seconds.toFixed(1)} s (${n(rows / seconds)} rows/s)`,
  );
  const started = performance.now();
  rmSync(dumpKey, { force: true });
  execFileSync(join(bin, 'pg_dump'), [...client, '-Fc', '-Z', '1', '-f', dump, 'base'], { stdio: 'inherit' });
  writeFileSync(dumpKey, key);
  console.log(`  PostgreSQL: dumped to ${dump} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

/** Starts the server process on `location` and waits until it listens. */
async function startServer(location: string, children: Set<ChildProcess>) {
  // BENCH_CPU_PROFILE=1: a V8 CPU profile of each server process in data/bench/profiles.
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(benchDir, 'profiles')}`] : [];
  const child = fork(import.meta.filename, ['serve', location], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const next = <T extends TFromServer['type']>(type: T) =>
    new Promise<Extract<TFromServer, { type: T }>>((resolveMessage, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the server process exited with ${code}`));
      child.once('exit', onExit);
      const onMessage = (message: TFromServer) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolveMessage(message as Extract<TFromServer, { type: T }>);
      };
      child.on('message', onMessage);
    });
  const { url } = await next('listening');
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    stop,
    async sessions(learners: TLearner[]) {
      child.send({ type: 'sessions', learners } satisfies TToServer);
      return (await next('sessions')).tokens;
    },
    async run() {
      child.send({ type: 'run', now: BENCH_NOW.toISOString() } satisfies TToServer);
      return (await next('done')).report;
    },
  };
}

async function runAlone(location: string, children: Set<ChildProcess>): Promise<TRunReport> {
  const server = await startServer(location, children);
  const report = await server.run();
  await server.stop();
  return report;
}

interface TSample {
  due: number;
  ms: number;
  ok: boolean;
  /** The HTTP status, or the socket error's code. */
  status: string;
}
interface TLoaded {
  report: TRunReport;
  floor: TSample[];
  during: TSample[];
}

/**
 * Learners save progress at `SAVE_RATE` a second, open loop (a request is sent when it is due,
 * whether the earlier ones were answered or not; its latency counts from then), each request as
 * the next of the learners in turn.
 */
function steadySaves(url: string, tokens: string[], learners: TLearner[]) {
  // Idle sockets are dropped after 4 s, before the server's keep-alive timeout (5 s) closes them.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
  const samples: TSample[] = [];
  const bodies = learners.map(({ slug }) =>
    JSON.stringify({ trainingSlug: slug, slideIndex: 1, workingSeconds: 1, slideSeconds: {} }),
  );
  const target = new URL('/api/progress/save-progress', url);
  const started = performance.now();
  let sent = 0;
  /** Requests sent and not answered yet, by their due time. */
  const pending = new Set<number>();
  let stopped = false;
  const send = (due: number, index: number, retry = false) => {
    pending.add(due);
    const body = bodies[index] as string;
    const call = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${tokens[index]}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          pending.delete(due);
          const status = String(response.statusCode);
          samples.push({ due, ms: performance.now() - due, ok: status === '200', status });
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed just as it was reused: the request never reached
      // the server, so it is sent again (once), still timed from when it was due (Node's advice).
      if (call.reusedSocket && error.code === 'ECONNRESET' && !retry) return send(due, index, true);
      pending.delete(due);
      samples.push({ due, ms: performance.now() - due, ok: false, status: error.code ?? 'error' });
    });
    call.end(body);
  };
  const timer = setInterval(() => {
    if (stopped) return;
    const dueCount = Math.floor(((performance.now() - started) / 1000) * SAVE_RATE);
    for (; sent < dueCount; sent++) send(started + (sent * 1000) / SAVE_RATE, sent % tokens.length);
  }, 2);
  return {
    samples,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (let waited = 0; pending.size > 0 && waited < 30_000; waited += 50) await sleep(50);
      // Still unanswered after 30 s: failed, with at least the time waited so far.
      for (const due of pending) samples.push({ due, ms: performance.now() - due, ok: false, status: 'unanswered' });
      pending.clear();
      agent.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function runUnderLoad(location: string, children: Set<ChildProcess>, learners: TLearner[]): Promise<TLoaded> {
  const server = await startServer(location, children);
  const tokens = await server.sessions(learners);
  const load = steadySaves(server.url, tokens, learners);
  // Warm-up (JIT, caches), not counted; then the floor; then the run, the load going on.
  await sleep(WARMUP_SECONDS * 1000);
  const floorFrom = performance.now();
  await sleep(FLOOR_SECONDS * 1000);
  const runFrom = performance.now();
  const report = await server.run();
  const runTo = performance.now();
  await load.stop();
  await server.stop();
  const within = (from: number, to: number) => load.samples.filter((sample) => sample.due >= from && sample.due < to);
  return { report, floor: within(floorFrom, runFrom), during: within(runFrom, runTo) };
}

// ── Output ───────────────────────────────────────────────────────────────────────────────────

function percentile(samples: TSample[], share: number): number {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

/** Rows the run inserted in every table it writes, and the company states it changed. */
const rowsWritten = (run: TRunReport) =>
  Object.values(run.inserted).reduce((sum, rows) => sum + rows, 0) + run.settingsRows;

/** The run's time, or for a stopped run the time so far and the projection for every company. */
const runTime = (run: TRunReport) =>
  run.complete
    ? `${run.seconds.toFixed(1)} s`
    : `stopped after ${run.seconds.toFixed(0)} s (projected ${run.projectedSeconds.toFixed(0)} s)`;

function printRun(database: string, label: string, run: TRunReport) {
  const sum = (key: 'reads' | 'writes' | 'compute') =>
    run.batches.reduce((total, batch) => total + batch[key], 0) / 1000;
  const slowest = [...run.batches].sort((a, b) => b.total - a.total)[0];
  console.log(
    `  ${database}, ${label}: ${runTime(run)}, ${n(run.companies)} of ${n(run.eligible)} companies, ${n(run.learnerMails)} learner mails, ` +
      `${n(run.digests)} digests, ${n(run.alerts)} alerts, ${n(run.refreshers)} refreshers; ${n(rowsWritten(run))} rows written ` +
      `(${Object.entries(run.inserted)
        .map(([table, rows]) => `${n(rows)} ${table}`)
        .join(', ')}, ${n(run.settingsRows)} reminder_settings) = ` +
      `${n(rowsWritten(run) / run.seconds)} rows/s`,
  );
  console.log(
    `    ${run.batches.length} pages of companies: reads ${sum('reads').toFixed(1)} s, compute ${sum('compute').toFixed(1)} s, ` +
      `write transactions ${sum('writes').toFixed(1)} s (${run.writeTransactions}, longest ${run.longestWriteMs.toFixed(0)} ms); ` +
      `slowest page ${slowest ? `${slowest.total.toFixed(0)} ms (reads ${slowest.reads.toFixed(0)}, compute ${slowest.compute.toFixed(0)}, write ${slowest.writes.toFixed(0)})` : '-'}; ` +
      `event loop blocked up to ${run.loopMaxMs.toFixed(0)} ms at a time, ${run.loopBlockedSeconds.toFixed(1)} s in blocks over 50 ms`,
  );
}

function report(results: { database: string; alone: TRunReport; loaded: TLoaded }[]) {
  const verdict = (met: boolean) => (met ? 'PASS' : 'FAIL');
  console.log(
    `\nDaily reminder run, ${BENCH_NOW.toISOString()} (Monday 10:00 Berlin); learners saving ${SAVE_RATE}/s ` +
      `(${LEARNERS} learners, open loop), floor ${FLOOR_SECONDS} s before the run in the same process`,
  );
  const header = [
    '',
    'run alone',
    'rows/s',
    'run with saves',
    'save p50 floor / during',
    'save p99 floor / during',
    'p99 ratio',
  ];
  const lines = results.map(({ database, alone, loaded }) => {
    const floorP99 = percentile(loaded.floor, 0.99);
    const duringP99 = percentile(loaded.during, 0.99);
    const failed = new Map<string, number>();
    for (const sample of loaded.floor.concat(loaded.during))
      if (!sample.ok) failed.set(sample.status, (failed.get(sample.status) ?? 0) + 1);
    const errors = [...failed].map(([status, times]) => `${times} × ${status}`).join(', ');
    return [
      database,
      `${runTime(alone)} ${verdict(alone.complete && alone.seconds < TARGET_SECONDS)}`,
      n(rowsWritten(alone) / alone.seconds),
      `${runTime(loaded.report)} ${verdict(loaded.report.complete && loaded.report.seconds < TARGET_SECONDS)}`,
      `${percentile(loaded.floor, 0.5).toFixed(1)} / ${percentile(loaded.during, 0.5).toFixed(1)} ms`,
      `${floorP99.toFixed(1)} / ${duringP99.toFixed(1)} ms ${verdict(duringP99 < TARGET_P99_MS)}`,
      `${(duringP99 / floorP99).toFixed(1)} × (${loaded.floor.length} / ${loaded.during.length} saves${errors ? `; failed: ${errors}` : ''})`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  for (const line of [header, ...lines])
    console.log(`  ${line.map((cell, column) => cell.padEnd(widths[column] as number)).join('  ')}`);
  console.log(
    `  targets: run < ${TARGET_SECONDS} s on both databases, in batches (one write transaction per slice of people, ADR 033); ` +
      `save-progress p99 < ${TARGET_P99_MS} ms during the run`,
  );
}

// Last, once every constant above is initialised.
if (process.argv[2] === 'serve') {
  await serveDatabase(process.argv[3] as string);
} else {
  await main();
}
