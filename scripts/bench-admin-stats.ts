/*
 * The admin statistics at scale (issue 7: "below 500 ms"; issue 16: "below 300 ms on both
 * databases"): `overallStats` on the load data set of `npm run db:generate-load` (20,000
 * companies, 220,000 people, about 1.5 million progress rows), for the last 12 months (monthly
 * series) and the last 30 days (weekly series). Uses `data/load/portal.sqlite` (or
 * LOAD_DATABASE_FILE) when it holds load data, else generates it there first (about a minute on 2
 * idle cores). Prints the median and p95 of 20 runs each, wall clock and the process's CPU time.
 *
 * Then the same on PostgreSQL, in a second process (one process binds one dialect, ADR 028): a
 * throwaway cluster with production durability, the load file copied in with
 * `db:copy-to-postgres`'s code (its time is the pilot-move figure of docs/operations.md), and the
 * same calls. BENCH_DATABASE=sqlite or =postgres runs one of them. Run with `npm run bench`.
 *
 * On the same data, the insurer's portfolio (issue 23: "first page and the list call under 300 ms
 * p95 over 20,000 policyholders on both databases"): the first page, a search and the filters.
 */
import { spawnSync } from 'node:child_process';
import { defaultStatsPeriod, overallStats, policyStatus, portfolioPage } from '@portal/core';
import { ensureLoadDatabase, FULL_LOAD_SIZE, LOAD_DATABASE_FILE } from '@portal/core/load-data';
import {
  closeDatabase,
  migrateDatabase,
  openDatabase,
  rawExecute,
  rawRows,
  sql,
  type TDatabase,
  transaction,
} from '@portal/db';
import { copyIntoNewDatabase, startDurableCluster } from './support/bench-postgres.ts';

const ROUNDS = 20;
const TARGET_MS = 300;
const DAY = 86_400_000;

const file = process.env.LOAD_DATABASE_FILE ?? LOAD_DATABASE_FILE;
const n = (value: number) => value.toLocaleString('en');
const only = process.env.BENCH_DATABASE;

if (only === 'postgres') {
  // The child (or a run of its own): the file is ready; opening it through @portal/db here would
  // bind the SQLite tables in a process that is about to use PostgreSQL.
  await onPostgres(file);
} else {
  const info = await ensureLoadDatabase(file, (message) => console.log(message));
  console.log(
    `admin statistics on ${info.file} (${info.reused ? 'reused' : `generated in ${info.seconds.toFixed(1)} s`}, ` +
      `${(info.bytes / 1024 ** 2).toFixed(0)} MiB): ${n(info.counts.companies)} companies, ${n(info.counts.people)} people, ` +
      `${n(info.counts.assignments)} assignments, ${n(info.counts.progress)} progress rows ` +
      `(${n(info.counts.completed)} completed), ${n(info.counts.personalCertificates + info.counts.companyCertificates)} certificates`,
  );
  if (JSON.stringify(info.size) !== JSON.stringify(FULL_LOAD_SIZE)) {
    console.log(`  note: not the full size (${JSON.stringify(info.size)}); run npm run db:generate-load for it`);
  }
  // The server's connection: the same pragmas, and any migration newer than the file applied
  // (the copy to PostgreSQL refuses a file behind the release).
  const db = openDatabase(info.file);
  await migrateDatabase(db);
  await measure('SQLite', db);
  await closeDatabase(db);
  if (only !== 'sqlite') {
    const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATABASE: 'postgres', LOAD_DATABASE_FILE: info.file },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
}

/** Copies the load file into a fresh cluster (timed), then measures there. */
async function onPostgres(file: string) {
  const cluster = await startDurableCluster({ shared_buffers: '512MB' });
  try {
    const { url, tables, rows, seconds } = await copyIntoNewDatabase(cluster, 'load', file);
    console.log(
      `  copy to PostgreSQL (npm run db:copy-to-postgres): ${n(rows)} rows in ${tables.length} tables, ` +
        `verified, in ${seconds.toFixed(1)} s (${n(Math.round(rows / seconds))} rows/s)`,
    );
    const db = openDatabase(url, { poolSize: 2 });
    await measure('PostgreSQL', db);
    await closeDatabase(db);
  } finally {
    cluster.stop();
  }
}

async function timings(run: () => unknown) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (values: number[], share: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ?? 0;
  return { median: at(wall, 0.5), p95: at(wall, 0.95), cpu: at(cpu, 0.5) };
}

/** Both periods on one database; the CPU time is this process's (PostgreSQL's own is not in it). */
async function measure(database: string, db: TDatabase) {
  const now = new Date();
  const today = defaultStatsPeriod(now).to;
  const monthAgo = new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10);
  const cases: [string, { from: string; to: string }][] = [
    ['last 12 months (monthly series)', defaultStatsPeriod(now)],
    ['last 30 days (weekly series)', { from: monthAgo, to: today }],
  ];
  const portfolio: [string, Parameters<typeof portfolioPage>[1]][] = [
    ['portfolio: first page of 50', { limit: 50 }],
    ['portfolio: search by number', { limit: 50, search: 'AS-10000' }],
    ['portfolio: search by name', { limit: 50, search: 'gmbh 12' }],
    ['portfolio: AVV open', { limit: 50, avv: 'open' }],
    ['portfolio: proof valid', { limit: 50, certificate: 'valid' }],
    ['portfolio: proof none', { limit: 50, certificate: 'none' }],
    ['portfolio: list call, 200 rows', { limit: 200 }],
    ['portfolio: lowest completion first', { limit: 50, sort: 'completion_asc' }],
    ['portfolio: highest completion first', { limit: 50, sort: 'completion_desc' }],
    ['portfolio: most overdue first', { limit: 50, sort: 'overdue_desc' }],
    ['portfolio: partly completed', { limit: 50, completion: 'partial' }],
    ['portfolio: with overdue learners', { limit: 50, due: 'overdue' }],
  ];
  // The load data has no reminder run behind it: due counts for every company, as a run would
  // write them (the next real run overwrites them), so that the overdue order has work to do.
  await transaction(db, (tx) =>
    rawExecute(
      tx,
      sql`insert into company_due_counts (company_id, overdue, due_soon, counted_on)
            select id, length(company_name) % 7, (length(company_name) + 2) % 5, ${now.toISOString().slice(0, 10)} from companies
           where true
          on conflict (company_id) do update set overdue = excluded.overdue, due_soon = excluded.due_soon`,
    ),
  );
  const report = (label: string, { median, p95, cpu }: Awaited<ReturnType<typeof timings>>) => {
    const verdict = p95 < TARGET_MS ? 'under' : 'OVER';
    console.log(
      `  ${database.padEnd(10)} ${label.padEnd(38)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(CPU median ${cpu.toFixed(1)} ms; ${verdict} the ${TARGET_MS} ms target)`,
    );
  };
  for (const [label, query] of portfolio) report(label, await timings(() => portfolioPage(db, query, now)));
  // The single-policy call of the API for the largest company: its due counts are counted live.
  const [largest] = await rawRows<{ policyNumber: string; learners: number }>(
    db,
    sql`select c.insurance_number as "policyNumber", s.learners from companies c
          join company_summary s on s.company_id = c.id where c.insurance_number <> ''
         order by s.learners desc limit 1`,
  );
  if (largest) {
    report(
      `policy call, ${n(Number(largest.learners))} learners`,
      await timings(() => policyStatus(db, largest.policyNumber, now)),
    );
  }
  for (const [label, period] of cases) {
    const { median, p95, cpu } = await timings(() => overallStats(db, period));
    const verdict = median < TARGET_MS && p95 < TARGET_MS ? 'under' : 'OVER';
    console.log(
      `  ${database.padEnd(10)} ${label.padEnd(34)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(CPU median ${cpu.toFixed(1)} ms; ${verdict} the ${TARGET_MS} ms target)`,
    );
  }
}
