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
import { companies, courseAssignments, courseProgress, migrateDatabase, openDatabase, users } from '@portal/db';

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
migrateDatabase(db);
syncCourses(db);
const company = db.insert(companies).values({ companyName: 'Groß GmbH' }).returning({ id: companies.id }).get();
const now = new Date();
db.transaction((tx) => {
  for (let i = 0; i < PEOPLE; i++) {
    const person = tx
      .insert(users)
      .values({
        firstname: `Vorname${i}`,
        lastname: `Nachname${String(i).padStart(5, '0')}`,
        email: `person.${i}@gross.example`,
        role: i % 20 === 0 ? 'manager' : 'employee',
        companyId: company.id,
        active: i % 10 !== 0,
      })
      .returning({ id: users.id })
      .get();
    COURSES.forEach((slug, index) => {
      tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).run();
      const roll = (i * 7 + index * 13) % 10;
      if (roll < 6) {
        tx.insert(courseProgress)
          .values({
            userId: person.id,
            companyId: company.id,
            courseSlug: slug,
            status: roll < 3 ? 'completed' : 'started',
            workingSeconds: 300 + roll * 60,
            attention: 500 + roll * 50,
            contentVersion: '1.0.0',
            startedAt: now,
            completedAt: roll < 3 ? new Date(now.getTime() - roll * 86_400_000 * 7) : null,
            updatedAt: now,
          })
          .run();
      }
    });
  }
});

function median(run: () => unknown, rounds = 20): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(rounds / 2)] ?? 0;
}

const cases: [string, () => unknown][] = [
  ['staff list, page 1 by last name', () => listStaff(db, company.id, { pageSize: 25 })],
  ['staff list, search "nachname0421"', () => listStaff(db, company.id, { search: 'nachname0421', pageSize: 25 })],
  [
    'staff list, sorted by progress',
    () => listStaff(db, company.id, { sort: 'progress', direction: 'desc', pageSize: 25 }),
  ],
  ['staff list, page 200', () => listStaff(db, company.id, { page: 200, pageSize: 25 })],
  ['course matrix, page 1', () => courseMatrix(db, company.id, { pageSize: 25 })],
  ['dashboard figures', () => companyStats(db, company.id, 'de')],
];
console.log(`employer workspace, one company with ${PEOPLE} people × ${COURSES.length} courses (median of 20):`);
for (const [label, run] of cases) console.log(`  ${label.padEnd(36)} ${median(run).toFixed(1)} ms`);
