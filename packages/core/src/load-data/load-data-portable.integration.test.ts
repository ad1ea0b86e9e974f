import { rawRows, sql } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../api/src/test/test-db.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { statisticsSummaryDrift } from '../statistics/statistics-summary.ts';
import { generateLoadData, type TLoadSize } from './load-data.ts';

/**
 * `generateLoadData` writes through drizzle, so the statistics tests can fill the database the
 * suite runs on (SQLite or PostgreSQL, ADR 028). The SQLite file of `npm run db:generate-load` is
 * load-data.integration.test.ts.
 */

const SIZE: TLoadSize = { companies: 30, employees: 300, progressRows: 1500, bigCompanyEmployees: 60 };
const NOW = new Date('2026-11-22T10:00:00Z');
let t: TTestDb;
let summary: Awaited<ReturnType<typeof generateLoadData>>;

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db, courseCatalog(), NOW);
  summary = await generateLoadData(t.db, { ...SIZE, seed: 5, now: NOW, passwordHash: 'precomputed-hash' });
});
afterAll(async () => {
  await t.cleanup();
});

const count = async (query: ReturnType<typeof sql>) => {
  const [row] = await rawRows<{ n: number }>(t.db, query);
  return Number(row?.n);
};

describe('generateLoadData on the suite’s database', () => {
  it('writes what its summary counts', async () => {
    expect(await count(sql`select count(*) as n from companies`)).toBe(30);
    expect(await count(sql`select count(*) as n from users where role in ('manager', 'employee')`)).toBe(300);
    expect(summary.counts).toMatchObject({
      companies: 30,
      people: 331,
      employers: 30,
      progress: await count(sql`select count(*) as n from course_progress`),
      assignments: await count(sql`select count(*) as n from course_assignments`),
      quizAttempts: await count(sql`select count(*) as n from quiz_attempts`),
      avvAccepted: await count(sql`select count(*) as n from avv_acceptances`),
      activated: await count(sql`select count(*) as n from users where active = true and role <> 'admin'`),
      completed: await count(sql`select count(*) as n from course_progress where status = 'completed'`),
    });
    expect(summary.counts.personalCertificates + summary.counts.companyCertificates).toBe(
      await count(sql`select count(*) as n from certificates`),
    );
    expect(
      await count(
        sql`select count(*) as n from users where company_id = ${summary.bigCompany.id} and role in ('manager', 'employee')`,
      ),
    ).toBe(60);
  });

  it('gives every company its policyholder and keeps the statistics summary in step', async () => {
    expect(
      await count(
        sql`select count(*) as n from companies c left join users u on u.id = c.owner_id
             where u.id is null or u.company_id <> c.id or u.role <> 'employer'`,
      ),
    ).toBe(0);
    expect(await statisticsSummaryDrift(t.db)).toEqual([]);
  });
});
