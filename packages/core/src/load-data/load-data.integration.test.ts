import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZCertificateContent } from '@portal/certificates';
import { closeDatabase, driverOf, migrateDatabase, openDatabase, rawRows, sql, type TDatabase } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCatalog } from '../learning/catalog.ts';
import { statisticsSummaryDrift } from '../statistics/statistics-summary.ts';
import {
  companySizes,
  createLoadDatabase,
  ensureLoadDatabase,
  LOAD_ADMIN_EMAIL,
  LOAD_PASSWORD,
  loadInfoFile,
  readLoadInfo,
  type TLoadSize,
} from './load-data.ts';
import { seededRandom } from './random.ts';

/**
 * The load data generator's building blocks at a small size (the full 20,000 companies run in
 * `npm run bench`): what it writes is consistent (foreign keys, unique keys, the statistics
 * summary, the schema of the migrations) and as large as asked, and the same on every run.
 *
 * The load database is a SQLite file (ADR 028): this test opens SQLite files of its own, whichever
 * database the suite runs on. `load-data-portable.integration.test.ts` runs `generateLoadData` on
 * the suite's database, PostgreSQL included.
 */

const SIZE: TLoadSize = { companies: 50, employees: 500, progressRows: 3000, bigCompanyEmployees: 100 };
const NOW = new Date('2026-11-22T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'load-data-'));
const file = join(dir, 'a', 'portal.sqlite');
let summary: Awaited<ReturnType<typeof createLoadDatabase>>;
let db: TDatabase;

const create = (target: string) =>
  createLoadDatabase(target, { ...SIZE, seed: 5, now: NOW, passwordHash: 'precomputed-hash' });
const all = <T>(query: ReturnType<typeof sql>) => rawRows<T>(db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rawRows<T>(db, query))[0] as T;
/** The file's raw SQLite connection, for its pragmas and `sqlite_master`. */
const sqliteOf = (target: TDatabase) => {
  const connection = driverOf(target).sqliteConnection;
  if (!connection) throw new Error('not a SQLite database');
  return connection;
};

beforeAll(async () => {
  summary = await create(file);
  db = openDatabase(file);
});
afterAll(async () => {
  await closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

describe('companySizes', () => {
  it('gives the large company its size and shares the rest exactly', () => {
    const sizes = companySizes(SIZE, seededRandom(1));
    expect(sizes).toHaveLength(50);
    expect(sizes[0]).toBe(100);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(500);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(0);
    const full = companySizes(
      { companies: 20_000, employees: 200_000, progressRows: 0, bigCompanyEmployees: 5000 },
      seededRandom(2),
    );
    expect(full.reduce((sum, size) => sum + size, 0)).toBe(200_000);
    // Most companies are small, a few are large.
    const small = full.filter((size) => size < 10).length;
    expect(small / full.length).toBeGreaterThan(0.6);
    expect(full.slice(1).filter((size) => size >= 250).length).toBeGreaterThan(10);
    expect(Math.max(...full.slice(1))).toBeLessThan(5000);
  });

  it('refuses sizes that cannot be met', () => {
    expect(() => companySizes({ ...SIZE, employees: 50 }, seededRandom(1))).toThrow();
    expect(() => companySizes({ ...SIZE, companies: 1 }, seededRandom(1))).toThrow();
    expect(companySizes({ ...SIZE, companies: 1, employees: 100 }, seededRandom(1))).toEqual([100]);
  });
});

describe('a generated load database', () => {
  it('has the asked numbers of companies and people and about the asked progress', async () => {
    const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);
    expect(await count(sql`select count(*) as n from companies`)).toBe(50);
    expect(await count(sql`select count(*) as n from users where role = 'employer'`)).toBe(50);
    expect(await count(sql`select count(*) as n from users where role in ('manager', 'employee')`)).toBe(500);
    expect(await count(sql`select count(*) as n from users where role = 'admin'`)).toBe(1);
    const progress = await count(sql`select count(*) as n from course_progress`);
    expect(Math.abs(progress - SIZE.progressRows) / SIZE.progressRows).toBeLessThan(0.1);
    expect(summary.counts).toMatchObject({
      companies: 50,
      people: 551,
      employers: 50,
      progress,
      assignments: await count(sql`select count(*) as n from course_assignments`),
      quizAttempts: await count(sql`select count(*) as n from quiz_attempts`),
      avvAccepted: await count(sql`select count(*) as n from avv_acceptances`),
    });
    expect(summary.counts.personalCertificates + summary.counts.companyCertificates).toBe(
      await count(sql`select count(*) as n from certificates`),
    );
    expect(summary.counts.personalCertificates).toBeGreaterThan(0);
    expect(summary.counts.companyCertificates).toBeGreaterThan(0);
  });

  it('has the large company with exactly its employees, named in load-info.json', async () => {
    const info = JSON.parse(readFileSync(join(dir, 'a', 'load-info.json'), 'utf8'));
    expect(info.bigCompany).toEqual(summary.bigCompany);
    expect(info.file).toBe(file);
    const staff = (
      await one<{ n: number }>(
        sql`select count(*) as n from users where company_id = ${summary.bigCompany.id} and role in ('manager', 'employee')`,
      )
    ).n;
    expect(staff).toBe(100);
    expect(
      await one<{ email: string }>(
        sql`select u.email from companies c join users u on u.id = c.owner_id where c.id = ${summary.bigCompany.id}`,
      ),
    ).toEqual({ email: summary.bigCompany.employerEmail });
    expect(summary.adminEmail).toBe(LOAD_ADMIN_EMAIL);
    expect(summary.password).toBe(LOAD_PASSWORD);
  });

  it('is consistent: foreign keys, integrity, owners, AVV records, certificates, one password hash', async () => {
    expect(sqliteOf(db).pragma('foreign_key_check')).toEqual([]);
    expect(sqliteOf(db).pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // Every company has a policyholder of its own who owns it.
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*) as n from companies c left join users u on u.id = c.owner_id
          where u.id is null or u.company_id <> c.id or u.role <> 'employer'`,
        )
      ).n,
    ).toBe(0);
    // AVV accepted exactly where an acceptance is recorded.
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*) as n from users u where u.role = 'employer'
            and u.order_processing_accepted <> exists (select 1 from avv_acceptances a where a.user_id = u.id)`,
        )
      ).n,
    ).toBe(0);
    // Progress belongs to its learner's company, completed rows have a completion, activated people only.
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*) as n from course_progress p join users u on u.id = p.user_id
          where p.company_id <> u.company_id or u.active = 0
             or (p.status = 'completed') <> (p.completed_at is not null)
             or p.started_at > p.updated_at or p.updated_at > ${NOW.getTime()}`,
        )
      ).n,
    ).toBe(0);
    for (const row of await all<{ content: string }>(sql`select content from certificates`)) {
      expect(ZCertificateContent.safeParse(JSON.parse(row.content)).success).toBe(true);
    }
    expect(await all(sql`select distinct password_hash from users where password_hash is not null`)).toEqual([
      { password_hash: 'precomputed-hash' },
    ]);
    const slugs = new Set(courseCatalog().keys() as Iterable<string>);
    for (const { slug } of await all<{ slug: string }>(
      sql`select distinct course_slug as slug from course_assignments`,
    )) {
      expect(slugs.has(slug)).toBe(true);
    }
  });

  it('has the schema the migrations make, its indexes rebuilt after the bulk load', async () => {
    const fresh = openDatabase(join(dir, 'fresh.sqlite'));
    await migrateDatabase(fresh);
    const schema = (target: TDatabase) =>
      sqliteOf(target)
        .prepare(`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by name`)
        .all();
    expect(schema(db)).toEqual(schema(fresh));
    await closeDatabase(fresh);
  });

  it('has a statistics summary in step with its rows', async () => {
    expect(await statisticsSummaryDrift(db)).toEqual([]);
  });

  it('is the same for the same seed and moment', async () => {
    const second = join(dir, 'b', 'portal.sqlite');
    const again = await create(second);
    expect({ ...again, seconds: 0, file: '', bytes: 0 }).toEqual({ ...summary, seconds: 0, file: '', bytes: 0 });
    const other = openDatabase(second);
    const rows = (target: TDatabase) =>
      rawRows(
        target,
        sql`select user_id, course_slug, status, started_at, completed_at from course_progress order by user_id, course_slug`,
      );
    expect(await rows(other)).toEqual(await rows(db));
    await closeDatabase(other);
  });
});

describe('load database files', () => {
  it('are reused when their summary says so, and a file without one is never replaced', async () => {
    expect(readLoadInfo(file)?.bigCompany).toEqual(summary.bigCompany);
    expect(await ensureLoadDatabase(file)).toMatchObject({ reused: true, bigCompany: summary.bigCompany });
    const foreign = join(dir, 'c', 'portal.sqlite');
    await closeDatabase(openDatabase(foreign));
    expect(readLoadInfo(foreign)).toBeNull();
    await expect(ensureLoadDatabase(foreign)).rejects.toThrow(/load-info\.json/);
    expect(existsSync(foreign)).toBe(true);
    // A summary written for another file does not count.
    writeFileSync(loadInfoFile(foreign), JSON.stringify({ ...summary, file: file }));
    expect(readLoadInfo(foreign)).toBeNull();
  });
});
