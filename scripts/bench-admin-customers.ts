/*
 * The admin's customer list at 20,000 policyholders (issue 6: "fast at 20,000 customers"): the
 * count and every page of 1000 (spec §7 loads them all, page by page), over companies with 4
 * people each and six courses per person, half of them completed. Prints the median of 5 full
 * loads and the slowest page. Run with `npm run bench`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countPolicyholders, listPolicyholders, POLICYHOLDER_PAGE_SIZE } from '@portal/core';
import {
  closeDatabase,
  companies,
  courseAssignments,
  courseProgress,
  migrateDatabase,
  openDatabase,
  sql,
  transaction,
  users,
} from '@portal/db';

const COMPANIES = 20_000;
const PEOPLE = 4;
const COURSES = ['5-golden-rules', 'password-security', 'email-security', 'social-engineering', 'malware', 'byod'];

const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'bench-customers-')), 'bench.sqlite'));
await migrateDatabase(db);
const started = performance.now();
const base = Date.UTC(2024, 0, 1);
const companyRows: (typeof companies.$inferInsert)[] = [];
const userRows: (typeof users.$inferInsert)[] = [];
const assignmentRows: (typeof courseAssignments.$inferInsert)[] = [];
const progressRows: (typeof courseProgress.$inferInsert)[] = [];
for (let c = 0; c < COMPANIES; c++) {
  const companyId = `company-${c}`;
  const at = new Date(base + c * 3_600_000);
  companyRows.push({
    id: companyId,
    companyName: `Firma ${c} GmbH`,
    insuranceNumber: `AS-${String(1_000_000_000 + c)}`,
    city: 'Köln',
    createdAt: at,
  });
  for (let p = 0; p < PEOPLE; p++) {
    const userId = `user-${c}-${p}`;
    userRows.push({
      id: userId,
      firstname: 'Vor',
      lastname: `Nach${c}`,
      email: `p${p}.c${c}@example.com`,
      role: p === 0 ? 'employer' : 'employee',
      companyId,
      active: true,
      orderProcessingAccepted: c % 3 !== 0,
      createdAt: at,
    });
    COURSES.forEach((slug, index) => {
      assignmentRows.push({ userId, courseSlug: slug, assignedAt: at });
      if ((c + p + index) % 2 === 0) {
        progressRows.push({
          id: `${userId}-${slug}`,
          userId,
          companyId,
          courseSlug: slug,
          status: 'completed',
          contentVersion: '1',
          startedAt: at,
          completedAt: at,
          updatedAt: at,
        });
      }
    });
  }
}
/** Rows per insert statement: well under the bound-parameter limit of both databases. */
const chunks = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
// Read committed: the bulk load of a database of its own, in one transaction.
await transaction(db, async (tx) => {
  for (const chunk of chunks(companyRows)) await tx.insert(companies).values(chunk);
  for (const chunk of chunks(userRows)) await tx.insert(users).values(chunk);
  // The first person of each company (`user-<c>-0`) owns it.
  await tx.update(companies).set({ ownerId: sql`'user-' || substr(${companies.id}, 9) || '-0'` });
  for (const chunk of chunks(assignmentRows)) await tx.insert(courseAssignments).values(chunk);
  for (const chunk of chunks(progressRows)) await tx.insert(courseProgress).values(chunk);
});
console.log(
  `admin customer list: ${COMPANIES} policyholders, ${COMPANIES * PEOPLE} people, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const fullLoads: number[] = [];
let slowestPage = 0;
for (let round = 0; round < 5; round++) {
  const loadStarted = performance.now();
  const total = await countPolicyholders(db);
  let loaded = 0;
  for (let page = 0; loaded < total; page++) {
    const pageStarted = performance.now();
    const rows = await listPolicyholders(db, { skip: page * POLICYHOLDER_PAGE_SIZE, limit: POLICYHOLDER_PAGE_SIZE });
    slowestPage = Math.max(slowestPage, performance.now() - pageStarted);
    loaded += rows.length;
    if (rows.length === 0) throw new Error('paging stopped early');
  }
  fullLoads.push(performance.now() - loadStarted);
}
const median = [...fullLoads].sort((a, b) => a - b)[2] ?? 0;
console.log(`  all ${COMPANIES} loaded in pages of 1000 (count + 20 pages)   median ${median.toFixed(0)} ms`);
console.log(`  slowest single page of 1000                               ${slowestPage.toFixed(0)} ms`);
await closeDatabase(db);
