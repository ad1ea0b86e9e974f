/*
 * The employer workspace at 5,000 people (issue: "stays fast at 5,000 people"): one company with
 * 5,000 employees, six courses each, 60 % started and 30 % completed, then the staff list (first
 * page, a search, a sort by progress, a late page), the course matrix and the dashboard figures.
 * Prints the median of 20 runs each. Run with `npm run bench`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyStats, courseMatrix, listStaff, syncCourses } from '@portal/core';
import {
  closeDatabase,
  companies,
  courseAssignments,
  courseProgress,
  migrateDatabase,
  openDatabase,
  transaction,
  users,
} from '@portal/db';

const PEOPLE = 5000;
const COURSES = [
  '5-golden-rules',
  'password-security',
  'email-security',
  'social-engineering',
  'malware',
  'cyber-emergency',
];

const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'bench-workspace-')), 'bench.sqlite'));
await migrateDatabase(db);
await syncCourses(db);
const companyId = crypto.randomUUID();
const now = new Date();
const people = Array.from({ length: PEOPLE }, (_, i) => ({
  id: crypto.randomUUID(),
  firstname: `Vorname${i}`,
  lastname: `Nachname${String(i).padStart(5, '0')}`,
  email: `person.${i}@gross.example`,
  role: i % 20 === 0 ? ('manager' as const) : ('employee' as const),
  companyId,
  active: i % 10 !== 0,
}));
const assignments = people.flatMap((person) => COURSES.map((slug) => ({ userId: person.id, courseSlug: slug })));
const progress = people.flatMap((person, i) =>
  COURSES.flatMap((slug, index) => {
    const roll = (i * 7 + index * 13) % 10;
    if (roll >= 6) return [];
    return [
      {
        userId: person.id,
        companyId,
        courseSlug: slug,
        status: roll < 3 ? ('completed' as const) : ('started' as const),
        workingSeconds: 300 + roll * 60,
        attention: 500 + roll * 50,
        contentVersion: '1.0.0',
        startedAt: now,
        completedAt: roll < 3 ? new Date(now.getTime() - roll * 86_400_000 * 7) : null,
        updatedAt: now,
      },
    ];
  }),
);
/** Rows per insert statement: well under the bound-parameter limit of both databases. */
const chunks = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
// Read committed: the bulk load of a database of its own, in one transaction.
await transaction(db, async (tx) => {
  await tx.insert(companies).values({ id: companyId, companyName: 'Groß GmbH' });
  for (const chunk of chunks(people)) await tx.insert(users).values(chunk);
  for (const chunk of chunks(assignments)) await tx.insert(courseAssignments).values(chunk);
  for (const chunk of chunks(progress)) await tx.insert(courseProgress).values(chunk);
});

async function median(run: () => unknown, rounds = 20): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(rounds / 2)] ?? 0;
}

const cases: [string, () => unknown][] = [
  ['staff list, page 1 by last name', () => listStaff(db, companyId, { pageSize: 25 })],
  ['staff list, search "nachname0421"', () => listStaff(db, companyId, { search: 'nachname0421', pageSize: 25 })],
  [
    'staff list, sorted by progress',
    () => listStaff(db, companyId, { sort: 'progress', direction: 'desc', pageSize: 25 }),
  ],
  ['staff list, page 200', () => listStaff(db, companyId, { page: 200, pageSize: 25 })],
  ['course matrix, page 1', () => courseMatrix(db, companyId, { pageSize: 25 })],
  ['dashboard figures', () => companyStats(db, companyId, 'de')],
];
console.log(`employer workspace, one company with ${PEOPLE} people × ${COURSES.length} courses (median of 20):`);
for (const [label, run] of cases) console.log(`  ${label.padEnd(36)} ${(await median(run)).toFixed(1)} ms`);
await closeDatabase(db);
