/*
 * The admin statistics at scale (issue 7: "admin statistics over the large data set below
 * 500 ms"): `overallStats` on the load data set of `npm run db:generate-load` (20,000 companies,
 * 220,000 people, about 1.5 million progress rows), for the last 12 months (monthly series) and
 * the last 30 days (weekly series). Uses `data/load/portal.sqlite` (or LOAD_DATABASE_FILE) when
 * it holds load data, else generates it there first (about a minute on 2 idle cores). Prints the
 * median and p95 of 20 runs each, wall clock and the process's CPU time. Run with `npm run bench`.
 */
import { defaultStatsPeriod, overallStats } from '@portal/core';
import { ensureLoadDatabase, FULL_LOAD_SIZE, LOAD_DATABASE_FILE } from '@portal/core/load-data';
import { closeDatabase, migrateDatabase, openDatabase } from '@portal/db';

const ROUNDS = 20;
const TARGET_MS = 500;
const DAY = 86_400_000;

const file = process.env.LOAD_DATABASE_FILE ?? LOAD_DATABASE_FILE;
const info = await ensureLoadDatabase(file, (message) => console.log(message));
const n = (value: number) => value.toLocaleString('en');
console.log(
  `admin statistics on ${info.file} (${info.reused ? 'reused' : `generated in ${info.seconds.toFixed(1)} s`}, ` +
    `${(info.bytes / 1024 ** 2).toFixed(0)} MiB): ${n(info.counts.companies)} companies, ${n(info.counts.people)} people, ` +
    `${n(info.counts.assignments)} assignments, ${n(info.counts.progress)} progress rows ` +
    `(${n(info.counts.completed)} completed), ${n(info.counts.personalCertificates + info.counts.companyCertificates)} certificates`,
);
if (JSON.stringify(info.size) !== JSON.stringify(FULL_LOAD_SIZE)) {
  console.log(`  note: not the full size (${JSON.stringify(info.size)}); run npm run db:generate-load for it`);
}

// The server's connection: the same pragmas, and any migration newer than the file applied.
const db = openDatabase(info.file);
await migrateDatabase(db);

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

const now = new Date();
const today = defaultStatsPeriod(now).to;
const monthAgo = new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10);
const cases: [string, { from: string; to: string }][] = [
  ['last 12 months (monthly series)', defaultStatsPeriod(now)],
  ['last 30 days (weekly series)', { from: monthAgo, to: today }],
];
for (const [label, period] of cases) {
  const { median, p95, cpu } = await timings(() => overallStats(db, period));
  const verdict = median < TARGET_MS && p95 < TARGET_MS ? 'under' : 'OVER';
  console.log(
    `  ${label.padEnd(34)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `(CPU median ${cpu.toFixed(1)} ms; ${verdict} the ${TARGET_MS} ms target)`,
  );
}
await closeDatabase(db);
