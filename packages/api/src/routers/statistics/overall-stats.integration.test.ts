import { courseCatalog, syncCourses } from '@portal/core';
import {
  certificates,
  companies,
  courseAssignments,
  courseProgress,
  inArray,
  sql,
  transaction,
  users,
} from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDb, seedAdmin, sessionFor, type TTestDb } from '../../test/test-db.ts';

/**
 * The admin statistics over 1,000 seeded companies against figures computed here from the seed
 * itself: the German day of every timestamp through Intl date formatting (the service compares
 * timestamps with German midnights in SQL instead), buckets and counts by plain JS loops. Times
 * are uniform over the day, so about one in twelve falls on another German than UTC day, and the
 * boundaries of the period, of the buckets and of summer time are exercised.
 */

const NOW = Date.UTC(2026, 10, 18, 12); // 2026-11-18
const DAY = 86_400_000;
const COMPANIES = 1000;
const SLUGS = [...courseCatalog().keys()];

interface TSeedPerson {
  id: string;
  companyId: string;
  active: boolean;
}
interface TSeedProgress {
  userId: string;
  companyId: string;
  slug: string;
  startedAt: number;
  completedAt: number | null;
  updatedAt: number;
}
interface TSeed {
  companies: { id: string; createdAt: number; avv: boolean }[];
  people: TSeedPerson[];
  assignments: { userId: string; slug: string }[];
  progress: TSeedProgress[];
  certificates: { kind: 'personal' | 'company'; issuedAt: number }[];
}

/** mulberry32: the same seed data on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let t: TTestDb;
let token: string;
let seed: TSeed;

/** Rows per INSERT: well below the bound-parameter limits of SQLite (32,766) and PostgreSQL (65,535). */
const CHUNK = 500;

async function insertChunked<TRow>(rows: TRow[], insert: (chunk: TRow[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

async function seedCompanies(): Promise<TSeed> {
  const next = random(20_261_118);
  const between = (from: number, to: number) => Math.floor(from + next() * (to - from));
  const data: TSeed = { companies: [], people: [], assignments: [], progress: [], certificates: [] };
  // The rows are drawn first, in the order the random numbers always had, and written in batches below.
  const companyRows: (typeof companies.$inferInsert)[] = [];
  const ownedCompanies: string[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const assignmentRows: (typeof courseAssignments.$inferInsert)[] = [];
  const progressRows: (typeof courseProgress.$inferInsert)[] = [];
  const certificateRows: (typeof certificates.$inferInsert)[] = [];
  // Explicit edges of the main period [2025-12-01, 2026-11-18] in German time (CET, UTC+1).
  const edges = [
    Date.UTC(2025, 10, 30, 22, 59, 59, 999), // 2025-11-30 23:59:59.999, before
    Date.UTC(2025, 10, 30, 23), // 2025-12-01 00:00, first moment
    Date.UTC(2026, 10, 18, 22, 59, 59, 999), // 2026-11-18 23:59:59.999, last moment
    Date.UTC(2026, 10, 18, 23), // 2026-11-19 00:00, after
  ];
  let certificateNumber = 0;
  const certificate = (kind: 'personal' | 'company', userId: string | null, companyId: string, issuedAt: number) => {
    certificateNumber += 1;
    const revoked = certificateNumber % 7 === 0;
    certificateRows.push({
      id: crypto.randomUUID(),
      code: `CODE-${certificateNumber}`,
      kind,
      userId,
      companyId,
      content: '{}',
      issuedAt: new Date(issuedAt),
      validUntil: new Date(issuedAt + 365 * DAY),
      revokedAt: revoked ? new Date(issuedAt + DAY) : null,
      revokedReason: revoked ? 'progress_reset' : null,
    });
    data.certificates.push({ kind, issuedAt });
  };

  for (let c = 0; c < COMPANIES; c++) {
    const companyId = crypto.randomUUID();
    const createdAt = c < edges.length ? (edges[c] as number) : between(NOW - 730 * DAY, NOW);
    companyRows.push({ id: companyId, companyName: `Firma ${c}`, createdAt: new Date(createdAt) });
    const avv = next() < 0.7;
    data.companies.push({ id: companyId, createdAt, avv: false });
    const staff = Math.floor(next() * 9); // 0-8 besides the policyholder
    for (let p = 0; p <= staff; p++) {
      const id = crypto.randomUUID();
      const role = p === 0 ? 'employer' : p % 4 === 0 ? 'manager' : 'employee';
      const active = p === 0 || next() < 0.8;
      userRows.push({
        id,
        firstname: 'Vorname',
        lastname: 'Nachname',
        email: `p${c}.${p}@stats.example`,
        role,
        companyId,
        active,
        orderProcessingAccepted: p === 0 && avv,
        createdAt: new Date(createdAt),
      });
      data.people.push({ id, companyId, active });
      // Two in a hundred companies have lost their policyholder (owner null): no AVV counted.
      if (p === 0 && c % 50 !== 7) {
        ownedCompanies.push(companyId);
        (data.companies.at(-1) as TSeed['companies'][number]).avv = avv;
      }
      const assigned = SLUGS.filter(() => next() < 0.35);
      for (const slug of assigned) {
        assignmentRows.push({ userId: id, courseSlug: slug, assignedAt: new Date(createdAt) });
        data.assignments.push({ userId: id, slug });
      }
      // A course revoked after it was started: its progress stays and still counts.
      const revoked = next() < 0.1 ? SLUGS.find((slug) => !assigned.includes(slug)) : undefined;
      let completedAll = assigned.length > 0;
      for (const slug of revoked ? [...assigned, revoked] : assigned) {
        if (next() >= 0.6) {
          completedAll = false;
          continue;
        }
        const startedAt = c < edges.length && p === 0 ? (edges[c] as number) : between(createdAt, NOW);
        const completedAt = next() < 0.5 ? Math.min(NOW, startedAt + between(0, 30 * DAY)) : null;
        if (completedAt === null) completedAll = false;
        const updatedAt = completedAt ?? between(startedAt, NOW);
        progressRows.push({
          id: crypto.randomUUID(),
          userId: id,
          companyId,
          courseSlug: slug,
          status: completedAt === null ? 'started' : 'completed',
          contentVersion: '1.0.0',
          startedAt: new Date(startedAt),
          completedAt: completedAt === null ? null : new Date(completedAt),
          updatedAt: new Date(updatedAt),
        });
        data.progress.push({
          userId: id,
          companyId,
          slug,
          startedAt,
          completedAt,
          updatedAt,
        });
        if (completedAt !== null && next() < 0.1) certificate('personal', id, companyId, completedAt);
      }
      if (completedAll && next() < 0.5) certificate('personal', id, companyId, between(createdAt, NOW));
    }
    if (avv && next() < 0.4) certificate('company', null, companyId, between(createdAt, NOW));
  }

  // Read committed: a test seed that nothing else writes to meanwhile; one transaction, all or nothing.
  await transaction(t.db, async (tx) => {
    await insertChunked(companyRows, (chunk) => tx.insert(companies).values(chunk));
    await insertChunked(userRows, (chunk) => tx.insert(users).values(chunk));
    // Companies and their policyholders point at each other: the owner is set once both exist.
    await insertChunked(ownedCompanies, (chunk) =>
      tx
        .update(companies)
        .set({
          ownerId: sql`(select ${users.id} from ${users} where ${users.companyId} = ${companies.id} and ${users.role} = 'employer')`,
        })
        .where(inArray(companies.id, chunk)),
    );
    await insertChunked(assignmentRows, (chunk) => tx.insert(courseAssignments).values(chunk));
    await insertChunked(progressRows, (chunk) => tx.insert(courseProgress).values(chunk));
    await insertChunked(certificateRows, (chunk) => tx.insert(certificates).values(chunk));
  });
  return data;
}

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  const admin = await seedAdmin(t.db);
  token = (await sessionFor(t.db, admin)).token;
  seed = await seedCompanies();
}, 60_000);
afterAll(() => t.cleanup());

// ── The expected figures, computed without the service ───────────────────────────────────────

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateOf = (ms: number) => berlinDate.format(new Date(ms));
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY).toISOString().slice(0, 10);

function expected(from: string, to: string, granularity: 'week' | 'month') {
  const inPeriod = (ms: number | null) => ms !== null && dateOf(ms) >= from && dateOf(ms) <= to;
  const bucketStart = (ms: number) => {
    const date = dateOf(ms);
    const start =
      granularity === 'month' ? `${date.slice(0, 7)}-01` : addDays(date, -((new Date(date).getUTCDay() + 6) % 7));
    return start < from ? from : start;
  };
  const series = new Map<string, { registrations: number; started: number; completed: number; certificates: number }>();
  const count = (ms: number, field: 'registrations' | 'started' | 'completed' | 'certificates') => {
    const key = bucketStart(ms);
    const bucket = series.get(key) ?? { registrations: 0, started: 0, completed: 0, certificates: 0 };
    bucket[field] += 1;
    series.set(key, bucket);
  };

  const registered = seed.companies.filter((company) => inPeriod(company.createdAt));
  for (const company of registered) count(company.createdAt, 'registrations');
  const started = seed.progress.filter((row) => inPeriod(row.startedAt));
  for (const row of started) count(row.startedAt, 'started');
  const completed = seed.progress.filter((row) => inPeriod(row.completedAt));
  for (const row of completed) count(row.completedAt as number, 'completed');
  const certificates = seed.certificates.filter((row) => inPeriod(row.issuedAt));
  for (const row of certificates) count(row.issuedAt, 'certificates');
  const avvAccepted = seed.companies.filter((company) => company.avv).length;
  const activated = seed.people.filter((person) => person.active).length;

  return {
    companies: {
      total: seed.companies.length,
      registered: registered.length,
      active: new Set(seed.progress.filter((row) => inPeriod(row.updatedAt)).map((row) => row.companyId)).size,
      avvAccepted,
      avvAcceptanceRate: Math.round((avvAccepted / seed.companies.length) * 10_000) / 10_000,
    },
    employees: { total: seed.people.length, activated, invited: seed.people.length - activated },
    trainings: { started: started.length, completed: completed.length },
    certificates: {
      personal: certificates.filter((row) => row.kind === 'personal').length,
      company: certificates.filter((row) => row.kind === 'company').length,
      total: certificates.length,
    },
    courses: SLUGS.map((slug) => {
      const current = seed.progress.filter((row) => row.slug === slug);
      return {
        slug,
        assigned: seed.assignments.filter((row) => row.slug === slug).length,
        started: current.length,
        completed: current.filter((row) => row.completedAt !== null).length,
        completedInPeriod: completed.filter((row) => row.slug === slug).length,
      };
    }),
    series,
  };
}

async function statsFor(from: string, to: string) {
  return callerFor(t.db, { token }).caller.statistics.overall({ from, to, lang: 'de' });
}

describe('admin statistics over 1,000 companies', () => {
  it.each([
    ['2025-12-01', '2026-11-18', 'month'],
    ['2026-09-14', '2026-11-08', 'week'], // summer time ends on 2026-10-25
    ['2026-03-02', '2026-04-05', 'week'], // and begins on 2026-03-29
    ['2024-11-18', '2026-11-18', 'month'], // everything seeded
  ] as const)('match the figures computed from the seed for %s to %s', async (from, to, granularity) => {
    const stats = await statsFor(from, to);
    const want = expected(from, to, granularity);
    expect(stats.period).toEqual({ from, to, granularity });
    expect(stats.companies).toEqual(want.companies);
    expect(stats.employees).toEqual(want.employees);
    expect(stats.trainings).toEqual(want.trainings);
    expect(stats.certificates).toEqual(want.certificates);
    expect(stats.courses.map(({ title: _, ...counts }) => counts)).toEqual(want.courses);

    // Buckets tile the period without gaps; empty ones are there with zeros.
    expect(stats.series[0]?.start).toBe(from);
    expect(stats.series.at(-1)?.end).toBe(to);
    for (const [index, bucket] of stats.series.entries()) {
      const following = stats.series[index + 1];
      if (following) expect(addDays(bucket.end, 1)).toBe(following.start);
      const { start, end: _, ...counts } = bucket;
      expect(counts, start).toEqual(
        want.series.get(start) ?? { registrations: 0, started: 0, completed: 0, certificates: 0 },
      );
    }
    expect(stats.series.map((bucket) => bucket.start)).toEqual(expect.arrayContaining([...want.series.keys()].sort()));
  });

  it('has sensible figures, not only equal ones', async () => {
    const stats = await statsFor('2025-12-01', '2026-11-18');
    expect(stats.series).toHaveLength(12);
    expect(stats.companies.total).toBe(COMPANIES);
    expect(stats.companies.registered).toBeGreaterThan(400);
    expect(stats.trainings.completed).toBeGreaterThan(1000);
    expect(stats.certificates.company).toBeGreaterThan(100);
    for (const course of stats.courses) expect(course.completed).toBeLessThanOrEqual(course.started);
    // The edge companies: the first moment of the period counts, the last moment before it does not.
    const edge = await statsFor('2025-12-01', '2025-12-01');
    expect(edge.companies.registered).toBe(
      seed.companies.filter((company) => dateOf(company.createdAt) === '2025-12-01').length,
    );
    expect(edge.series).toHaveLength(1);
  });

  it('lists the twelve catalog courses with titles in the asked language', async () => {
    const stats = await callerFor(t.db, { token }).caller.statistics.overall({
      from: '2026-01-01',
      to: '2026-01-31',
      lang: 'en',
    });
    expect(stats.courses).toHaveLength(12);
    expect(stats.courses.map((course) => course.slug)).toEqual(SLUGS);
    expect(stats.courses.map((course) => course.title)).toEqual(
      [...courseCatalog().values()].map((course) => course.text.en.title),
    );
  });

  it('defaults to the current month and the eleven before it', async () => {
    const stats = await callerFor(t.db, { token }).caller.statistics.overall({});
    const today = dateOf(Date.now());
    const [year, month] = today.split('-').map(Number) as [number, number];
    expect(stats.period).toEqual({
      from: new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10),
      to: today,
      granularity: 'month',
    });
    expect(stats.series).toHaveLength(12);
  });
});

describe('the period', () => {
  it.each([
    ['2026-05-02', '2026-05-01', 'Das Startdatum darf nicht nach dem Enddatum liegen.'],
    ['2021-01-01', '2026-01-01', 'Der Zeitraum darf höchstens 5 Jahre umfassen.'],
    ['2026-02-30', '2026-03-01', 'Bitte geben Sie ein gültiges Datum ein.'],
    ['2026-1-1', '2026-03-01', 'Bitte geben Sie ein gültiges Datum ein.'],
  ])('%s to %s is refused with a translated message', async (from, to, message) => {
    const { caller, errorOf } = callerFor(t.db, { token, acceptLanguage: 'de' });
    const { error, shape } = await errorOf(caller.statistics.overall({ from, to }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.issues?.[0]?.message ?? shape.message).toBe(message);
  });

  it('may span just under five years', async () => {
    const stats = await statsFor('2021-01-01', '2025-12-31');
    expect(stats.series).toHaveLength(60);
  });

  it('is answered in English for English callers', async () => {
    const { caller, errorOf } = callerFor(t.db, { token, acceptLanguage: 'en' });
    const { shape } = await errorOf(caller.statistics.overall({ from: '2026-05-02', to: '2026-05-01' }));
    expect(shape.message).toBe('The start date must not be after the end date.');
  });
});
