import {
  and,
  asc,
  companyVersion,
  eq,
  inArray,
  rawExecute,
  rawRows,
  sql,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../auth/sessions.ts';
import { deleteStaffMember, resetStaffProgress } from '../employees/manage-employee.ts';
import { assignCourseToAll, revokeCourseForAll } from '../learning/assignments.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { createProgress, saveProgress } from '../learning/progress.ts';
import { answerQuestion, startQuiz } from '../learning/quiz.ts';
import { generateLoadData } from '../load-data/load-data.ts';
import { companyStats } from './company-stats.ts';
import { cachedCompanyStats, MAX_AGE_MS, MAX_PROGRESS_LAG_MS } from './company-stats-cache.ts';

/**
 * The dashboard cache (ADR 023) against the uncached figures: it keeps them while nothing
 * changes, shows a change of people or assignments at once (also when another process makes it),
 * lets progress lag only for a bounded time, and forgets by age. Runs on SQLite and PostgreSQL.
 */

const NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday
const META = { ip: '203.0.113.7' };
const SLUGS = [...courseCatalog().keys()] as string[];
let t: TTestDatabase;
let db: TDatabase;
/** A second handle on the same database: another server process. */
let other: TDatabase;
let companyId: string;
let otherCompanyId: string;
let owner: TSessionUser & { companyId: string };
let staff: string[];

const at = (ms: number) => new Date(NOW.getTime() + ms);
const cached = (when = NOW) => cachedCompanyStats(db, companyId, 'de', when);
const fresh = (when = NOW) => companyStats(db, companyId, 'de', when);

async function sessionUser(id: string): Promise<TSessionUser> {
  const [row] = await db
    .select({ id: users.id, role: users.role, companyId: users.companyId, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return { ...row, firstname: 'Test', lastname: 'Person', lang: 'de' };
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  await syncCourses(db, courseCatalog(), NOW);
  await generateLoadData(db, {
    companies: 6,
    employees: 60,
    progressRows: 200,
    bigCompanyEmployees: 20,
    seed: 23,
    now: NOW,
    passwordHash: 'not-a-real-hash',
  });
  other = t.openAnother();
  const [first, second] = await rawRows<{ id: string; company_id: string }>(
    db,
    sql`select u.id, u.company_id from users u join companies c on c.owner_id = u.id
         where (select count(*) from users s where s.company_id = u.company_id) > 4 order by u.company_id limit 2`,
  );
  if (!first || !second) throw new Error('no companies with staff');
  companyId = first.company_id;
  otherCompanyId = second.company_id;
  owner = { ...(await sessionUser(first.id)), companyId };
  staff = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.role, ['manager', 'employee'])))
      .orderBy(asc(users.id))
  ).map((row) => row.id);
}, 60_000);
afterAll(() => t?.cleanup());

describe('the dashboard cache', () => {
  it('keeps the figures while nothing changes, and forgets them by age', async () => {
    const before = await cached();
    expect(before).toEqual(await fresh());
    expect(await cached(at(MAX_AGE_MS - 1))).toBe(before);
    const aged = await cached(at(MAX_AGE_MS));
    expect(aged).not.toBe(before);
    expect(aged).toEqual(await fresh(at(MAX_AGE_MS)));
  });

  it('shows a change of people or assignments by another process at once', async () => {
    const before = await cached();
    // Another process assigns a course to everyone: the counter in the database tells this one.
    const slug = SLUGS.find((candidate) => before.courses.find((course) => course.slug === candidate)?.assigned === 0);
    if (!slug) throw new Error('every course is assigned somewhere');
    await assignCourseToAll(other, companyId, { trainingSlug: slug });
    const after = await fresh();
    expect(after).not.toEqual(before);
    expect(await cached()).toEqual(after);
    // And revokes it again, as raw SQL through its own handle: seen as well.
    const again = await cached();
    await transaction(other, (tx) =>
      rawExecute(
        tx,
        sql`delete from course_assignments
             where course_slug = ${slug} and user_id in (select id from users where company_id = ${companyId})`,
      ),
    );
    expect(await fresh()).toEqual(before);
    expect(await cached()).not.toBe(again);
    expect(await cached()).toEqual(before);
  });

  it('ignores what happens in another company', async () => {
    await revokeCourseForAll(other, companyId, { trainingSlug: SLUGS[0] as string });
    const before = await cached();
    expect(before).toEqual(await fresh());
    const otherVersion = await companyVersion(db, otherCompanyId);
    await revokeCourseForAll(db, otherCompanyId, { trainingSlug: SLUGS[1] as string });
    await assignCourseToAll(other, otherCompanyId, { trainingSlug: SLUGS[1] as string });
    expect((await companyVersion(db, otherCompanyId)).structure).toBeGreaterThan(otherVersion.structure);
    expect(await cached()).toBe(before);
    expect(await fresh()).toEqual(before);
    await assignCourseToAll(db, companyId, { trainingSlug: SLUGS[0] as string });
  });

  it('shows a change of people or assignments at once', async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ['assign a course to all', () => assignCourseToAll(db, companyId, { trainingSlug: SLUGS[2] as string })],
      ['revoke it again', () => revokeCourseForAll(db, companyId, { trainingSlug: SLUGS[2] as string })],
      ['delete a person', () => deleteStaffMember(db, owner, staff[3] as string, META, NOW)],
      [
        'move a person to another company',
        () =>
          transaction(db, (tx) =>
            tx
              .update(users)
              .set({ companyId: otherCompanyId })
              .where(eq(users.id, staff[2] as string)),
          ),
      ],
      [
        'another process moves a person to another company',
        () =>
          transaction(other, (tx) =>
            tx
              .update(users)
              .set({ companyId: otherCompanyId })
              .where(eq(users.id, staff[4] as string)),
          ),
      ],
    ];
    for (const [step, write] of steps) {
      const before = await cached();
      await write();
      const after = await fresh();
      expect(after, step).not.toEqual(before);
      expect(await cached(), step).toEqual(after);
    }
  });

  /** Each write changes the uncached figures; the cache shows them within the lag, never later. */
  async function expectBoundedLag(steps: [string, () => Promise<unknown>][]) {
    for (const [step, write] of steps) {
      const before = await cached();
      await write();
      expect(await fresh(), step).not.toEqual(before);
      // Within the lag (it is longer than no time at all, since computing costs something) ...
      expect(await cached(), step).toBe(before);
      // ... and never beyond its upper bound.
      expect(await cached(at(MAX_PROGRESS_LAG_MS)), step).toEqual(await fresh(at(MAX_PROGRESS_LAG_MS)));
      await cached(); // back to NOW for the next step
    }
  }

  async function learnerFor(index: number) {
    const learnerId = staff[index] as string;
    await transaction(db, (tx) => tx.update(users).set({ active: true }).where(eq(users.id, learnerId)));
    await resetStaffProgress(db, owner, learnerId, META, NOW);
    return sessionUser(learnerId);
  }

  const slug = SLUGS[0] as string;
  const course = () => {
    const found = courseCatalog().get(slug as never);
    if (!found) throw new Error('no course');
    return found;
  };
  const lastSlide = () => course().text.de.slides.length - 1;

  it('lets learning progress lag by a bounded time only', async () => {
    const learner = await learnerFor(0);
    await expectBoundedLag([
      ['start a course', () => createProgress(db, learner, slug, at(1_000))],
      [
        'save progress',
        () =>
          saveProgress(
            db,
            learner,
            { trainingSlug: slug, slideIndex: lastSlide(), workingSeconds: 45, slideSeconds: {} },
            at(60_000),
          ),
      ],
      [
        'another process saves progress',
        () =>
          saveProgress(
            other,
            learner,
            { trainingSlug: slug, slideIndex: lastSlide(), workingSeconds: 90, slideSeconds: {} },
            at(90_000),
          ),
      ],
      [
        'pass the quiz',
        async () => {
          const quiz = await startQuiz(db, learner, slug, at(120_000));
          for (const question of quiz.questions) {
            const key = course().text.de.quiz.find((entry) => entry.id === question.id);
            const answerIds = key?.answers.filter((answer) => answer.correct).map((answer) => answer.id) ?? [];
            await answerQuestion(db, learner, { trainingSlug: slug, questionId: question.id, answerIds }, at(120_000));
          }
        },
      ],
    ]);
  });

  it("lets progress lag by a bounded time also when it is not the company's latest save", async () => {
    // A process whose clock is behind another's, and a reset of one person's progress: neither
    // moves the company's latest save forward, and both change the figures. The 30 s bound holds
    // only if `companyVersion` changes with every progress write, not only with a later save.
    const learner = await learnerFor(1);
    await expectBoundedLag([
      ['start a course with a clock behind the latest save', () => createProgress(db, learner, slug, NOW)],
      ["reset a person's progress", () => resetStaffProgress(other, owner, learner.id, META, NOW)],
    ]);
  });

  it('computes once for calls that arrive together', async () => {
    await assignCourseToAll(db, companyId, { trainingSlug: SLUGS[3] as string });
    const together = await Promise.all(Array.from({ length: 5 }, () => cached()));
    expect(together[0]).toEqual(await fresh());
    for (const stats of together) expect(stats).toBe(together[0]);
  });

  it('starts over when the week of "progress over time" ends', async () => {
    const sunday = new Date('2026-11-22T23:59:59Z');
    const monday = new Date('2026-11-23T00:00:01Z');
    const before = await cached(sunday);
    expect(await cached(monday)).not.toBe(before);
    expect((await cached(monday)).completionsOverTime).toEqual((await fresh(monday)).completionsOverTime);
    expect((await cached(monday)).completionsOverTime.at(-1)?.weekStart).toBe('2026-11-23T00:00:00.000Z');
  });
});
