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
import { migrateDatabase, openDatabase } from '@portal/db';

const COMPANIES = 20_000;
const PEOPLE = 4;
const COURSES = ['5-golden-rules', 'password-security', 'email-security', 'social-engineering', 'malware', 'byod'];

const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'bench-customers-')), 'bench.sqlite'));
migrateDatabase(db);
const started = performance.now();
const client = db.$client;
const insertCompany = client.prepare(
  'insert into companies (id, company_name, insurance_number, city, created_at) values (?, ?, ?, ?, ?)',
);
const insertUser = client.prepare(
  `insert into users (id, firstname, lastname, email, role, company_id, active, order_processing_accepted, created_at)
   values (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
);
const setOwner = client.prepare('update companies set owner_id = ? where id = ?');
const assign = client.prepare('insert into course_assignments (user_id, course_slug, created_at) values (?, ?, ?)');
const progress = client.prepare(
  `insert into course_progress (id, user_id, company_id, course_slug, status, content_version, started_at, completed_at, updated_at)
   values (?, ?, ?, ?, 'completed', '1', ?, ?, ?)`,
);
client.transaction(() => {
  const base = Date.UTC(2024, 0, 1);
  for (let c = 0; c < COMPANIES; c++) {
    const companyId = `company-${c}`;
    const at = base + c * 3_600_000;
    insertCompany.run(companyId, `Firma ${c} GmbH`, `AS-${String(1_000_000_000 + c)}`, 'Köln', at);
    for (let p = 0; p < PEOPLE; p++) {
      const userId = `user-${c}-${p}`;
      insertUser.run(
        userId,
        'Vor',
        `Nach${c}`,
        `p${p}.c${c}@example.com`,
        p === 0 ? 'employer' : 'employee',
        companyId,
        c % 3 === 0 ? 0 : 1,
        at,
      );
      if (p === 0) setOwner.run(userId, companyId);
      COURSES.forEach((slug, index) => {
        assign.run(userId, slug, at);
        if ((c + p + index) % 2 === 0) progress.run(`${userId}-${slug}`, userId, companyId, slug, at, at, at);
      });
    }
  }
})();
console.log(
  `admin customer list: ${COMPANIES} policyholders, ${COMPANIES * PEOPLE} people, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const fullLoads: number[] = [];
let slowestPage = 0;
for (let round = 0; round < 5; round++) {
  const loadStarted = performance.now();
  const total = countPolicyholders(db);
  let loaded = 0;
  for (let page = 0; loaded < total; page++) {
    const pageStarted = performance.now();
    const rows = listPolicyholders(db, { skip: page * POLICYHOLDER_PAGE_SIZE, limit: POLICYHOLDER_PAGE_SIZE });
    slowestPage = Math.max(slowestPage, performance.now() - pageStarted);
    loaded += rows.length;
    if (rows.length === 0) throw new Error('paging stopped early');
  }
  fullLoads.push(performance.now() - loadStarted);
}
const median = [...fullLoads].sort((a, b) => a - b)[2] ?? 0;
console.log(`  all ${COMPANIES} loaded in pages of 1000 (count + 20 pages)   median ${median.toFixed(0)} ms`);
console.log(`  slowest single page of 1000                               ${slowestPage.toFixed(0)} ms`);
