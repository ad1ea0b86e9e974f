/*
 * The admin's customer list at 20,000 policyholders (issue 6: "fast at 20,000 customers"): the
 * count and every page of 1000 (spec §7 loads them all, page by page), over companies with 4
 * people each and six courses per person, half of them completed. Prints the median of 5 full
 * loads and the slowest page. Then the insurer's portfolio over the same data (issue 23, ADR 035):
 * its first page, a search, each filter, and every page of 200 as the CSV export reads them, with
 * a company certificate for every fifth company (every 35th of them expired). Run with `npm run bench`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countPolicyholders, listPolicyholders, POLICYHOLDER_PAGE_SIZE, portfolioPage } from '@portal/core';
import {
  certificates,
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
const certificateRows: (typeof certificates.$inferInsert)[] = [];
const YEAR = 365 * 86_400_000;
for (let c = 0; c < COMPANIES; c++) {
  const companyId = `company-${c}`;
  const at = new Date(base + c * 3_600_000);
  if (c % 5 === 0) {
    const issued = c % 35 === 0 ? new Date(Date.now() - 2 * YEAR) : new Date(Date.now() - YEAR / 2);
    certificateRows.push({
      code: `CODE-${c}`,
      kind: 'company',
      companyId,
      issuedAt: issued,
      validUntil: new Date(issued.getTime() + YEAR),
    });
  }
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
  for (const chunk of chunks(certificateRows)) await tx.insert(certificates).values(chunk);
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

/** p95 of 40 runs of one portfolio call (after 3 to warm up). */
async function p95(run: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < 3; warm++) await run();
  const times: number[] = [];
  for (let round = 0; round < 40; round++) {
    const callStarted = performance.now();
    await run();
    times.push(performance.now() - callStarted);
  }
  return [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1] ?? 0;
}
const portfolioCases: [string, Parameters<typeof portfolioPage>[1]][] = [
  ['first page of 50', { limit: 50 }],
  ['search by number AS-10000123', { limit: 50, search: 'AS-10000123' }],
  ['search by name "Firma 1999"', { limit: 50, search: 'Firma 1999' }],
  ['AVV open', { limit: 50, avv: 'open' }],
  ['proof valid', { limit: 50, certificate: 'valid' }],
  ['proof expired (1 in 35 of those with one)', { limit: 50, certificate: 'expired' }],
  ['proof none', { limit: 50, certificate: 'none' }],
];
console.log(
  `insurer portfolio (SQLite, ${COMPANIES} policies, ${certificateRows.length} company certificates): p95 of 40`,
);
for (const [label, query] of portfolioCases) {
  console.log(`  ${label.padEnd(56)} ${(await p95(() => portfolioPage(db, query))).toFixed(1)} ms`);
}
const exportStarted = performance.now();
let exported = 0;
let cursor: string | undefined;
do {
  const page = await portfolioPage(db, { limit: 200, ...(cursor && { cursor }) });
  exported += page.items.length;
  cursor = page.nextCursor ?? undefined;
} while (cursor);
console.log(
  `  every page of 200, as the CSV export reads them (${exported})  ${(performance.now() - exportStarted).toFixed(0)} ms`,
);
await closeDatabase(db);
