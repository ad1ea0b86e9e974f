/*
 * The admin statistics at scale (issue: "the benchmark reports the time of get-overall-stats over
 * 100,000 employees"): 10,000 companies with 10 people each (the policyholder and nine staff),
 * six of the twelve courses assigned per person, about 60 % started and 30 % completed, events
 * spread over two years, some certificates. Prints the generation time and the median and p95 of
 * 20 runs of `overallStats` for the last 12 months and for one month. Run with `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { courseCatalog, defaultStatsPeriod, overallStats, syncCourses } from '@portal/core';
import { migrateDatabase, openDatabase } from '@portal/db';

const COMPANIES = 10_000;
const PEOPLE_PER_COMPANY = 10;
const COURSES_PER_PERSON = 6;
const ROUNDS = 20;
const DAY = 86_400_000;
const SPAN = 730 * DAY;

const dir = mkdtempSync(join(tmpdir(), 'bench-admin-stats-'));
const db = openDatabase(join(dir, 'bench.sqlite'));
migrateDatabase(db);
syncCourses(db);
const slugs = [...courseCatalog().keys()];
const now = Date.now();

/** mulberry32: the same data set on every run. */
let state = 42;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
};
const between = (from: number, to: number) => Math.floor(from + random() * (to - from));

const generationStarted = performance.now();
const sqlite = db.$client;
const statements = {
  company: sqlite.prepare('insert into companies (id, company_name, created_at) values (?, ?, ?)'),
  owner: sqlite.prepare('update companies set owner_id = ? where id = ?'),
  person: sqlite.prepare(
    `insert into users (id, firstname, lastname, email, role, company_id, active, order_processing_accepted, created_at)
     values (?, 'Vorname', ?, ?, ?, ?, ?, ?, ?)`,
  ),
  assignment: sqlite.prepare('insert into course_assignments (user_id, course_slug, created_at) values (?, ?, ?)'),
  progress: sqlite.prepare(
    `insert into course_progress (id, user_id, company_id, course_slug, status, content_version, working_seconds,
                                  started_at, completed_at, updated_at)
     values (?, ?, ?, ?, ?, '1.0.0', 600, ?, ?, ?)`,
  ),
  certificate: sqlite.prepare(
    `insert into certificates (id, code, kind, user_id, company_id, content, issued_at, valid_until)
     values (?, ?, ?, ?, ?, '{}', ?, ?)`,
  ),
};
const counts = { people: 0, assignments: 0, started: 0, completed: 0, certificates: 0 };
const certificate = (kind: 'personal' | 'company', userId: string | null, companyId: string, issuedAt: number) => {
  counts.certificates += 1;
  statements.certificate.run(
    crypto.randomUUID(),
    `BENCH-${counts.certificates}`,
    kind,
    userId,
    companyId,
    issuedAt,
    issuedAt + 365 * DAY,
  );
};

sqlite.transaction(() => {
  for (let c = 0; c < COMPANIES; c++) {
    const companyId = crypto.randomUUID();
    const createdAt = between(now - SPAN, now - 30 * DAY);
    statements.company.run(companyId, `Firma ${c}`, createdAt);
    const avv = random() < 0.8;
    for (let p = 0; p < PEOPLE_PER_COMPANY; p++) {
      const userId = crypto.randomUUID();
      const role = p === 0 ? 'employer' : p === 1 ? 'manager' : 'employee';
      statements.person.run(
        userId,
        `Nachname${p}`,
        `p${c}.${p}@bench.example`,
        role,
        companyId,
        p === 0 || random() < 0.9 ? 1 : 0,
        p === 0 && avv ? 1 : 0,
        createdAt,
      );
      counts.people += 1;
      if (p === 0) statements.owner.run(userId, companyId);
      const first = Math.floor(random() * slugs.length);
      for (let k = 0; k < COURSES_PER_PERSON; k++) {
        const slug = slugs[(first + k) % slugs.length] as string;
        statements.assignment.run(userId, slug, createdAt);
        counts.assignments += 1;
        const roll = random();
        if (roll >= 0.6) continue;
        const startedAt = between(createdAt, now);
        const completedAt = roll < 0.3 ? Math.min(now, startedAt + between(0, 20 * DAY)) : null;
        statements.progress.run(
          crypto.randomUUID(),
          userId,
          companyId,
          slug,
          completedAt === null ? 'started' : 'completed',
          startedAt,
          completedAt,
          completedAt ?? between(startedAt, now),
        );
        counts.started += 1;
        if (completedAt !== null) counts.completed += 1;
      }
      if (random() < 0.1) certificate('personal', userId, companyId, between(createdAt, now));
    }
    if (avv && random() < 0.6) certificate('company', null, companyId, between(createdAt, now));
  }
})();
const generationSeconds = (performance.now() - generationStarted) / 1000;

function timings(run: () => unknown): { median: number; p95: number } {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

const today = defaultStatsPeriod(new Date(now)).to;
const monthAgo = new Date(now - 30 * DAY).toISOString().slice(0, 10);
const cases: [string, { from: string; to: string }][] = [
  ['last 12 months (monthly series)', defaultStatsPeriod(new Date(now))],
  ['last 30 days (weekly series)', { from: monthAgo, to: today }],
];

console.log(
  `admin statistics: ${COMPANIES.toLocaleString('en')} companies, ${counts.people.toLocaleString('en')} people, ` +
    `${counts.assignments.toLocaleString('en')} assignments, ${counts.started.toLocaleString('en')} started ` +
    `(${counts.completed.toLocaleString('en')} completed), ${counts.certificates.toLocaleString('en')} certificates; ` +
    `generated in ${generationSeconds.toFixed(1)} s`,
);
const report = () => {
  for (const [label, period] of cases) {
    const { median, p95 } = timings(() => overallStats(db, period));
    console.log(`  ${label.padEnd(34)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  }
};
report();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
