import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase, type TDatabase } from '@portal/db';
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
 * changes, shows a change of people or assignments at once, lets progress lag only for a bounded
 * time, and forgets by age what another process wrote.
 */

const NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday
const META = { ip: '203.0.113.7' };
const SLUGS = [...courseCatalog().keys()] as string[];
const dir = mkdtempSync(join(tmpdir(), 'company-stats-cache-'));
const file = join(dir, 'db.sqlite');
let db: TDatabase;
/** A second connection to the same file: another process, as far as the cache can tell. */
let other: TDatabase;
let companyId: string;
let otherCompanyId: string;
let owner: TSessionUser & { companyId: string };
let staff: string[];

const one = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).get(...params) as T | undefined;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const cached = (when = NOW) => cachedCompanyStats(db, companyId, 'de', when);
const fresh = (when = NOW) => companyStats(db, companyId, 'de', when);

function sessionUser(id: string): TSessionUser {
  const row = one<{ id: string; role: TSessionUser['role']; company_id: string | null; email: string }>(
    'select id, role, company_id, email from users where id = ?',
    id,
  );
  if (!row) throw new Error(`no user ${id}`);
  return { ...row, companyId: row.company_id, firstname: 'Test', lastname: 'Person', lang: 'de' };
}

beforeAll(() => {
  db = openDatabase(file);
  migrateDatabase(db);
  syncCourses(db, courseCatalog(), NOW);
  generateLoadData(db, {
    companies: 6,
    employees: 60,
    progressRows: 200,
    bigCompanyEmployees: 20,
    seed: 23,
    now: NOW,
    passwordHash: 'not-a-real-hash',
  });
  other = openDatabase(file);
  const [first, second] = db.$client
    .prepare(
      `select u.id, u.company_id from users u join companies c on c.owner_id = u.id
        where (select count(*) from users s where s.company_id = u.company_id) > 4 order by u.company_id limit 2`,
    )
    .all() as { id: string; company_id: string }[];
  if (!first || !second) throw new Error('no companies with staff');
  companyId = first.company_id;
  otherCompanyId = second.company_id;
  owner = { ...sessionUser(first.id), companyId };
  staff = (
    db.$client
      .prepare(`select id from users where company_id = ? and role in ('manager', 'employee') order by id`)
      .all(companyId) as { id: string }[]
  ).map((row) => row.id);
});
afterAll(() => {
  other.$client.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the dashboard cache', () => {
  it('keeps the figures while nothing changes through this connection, and forgets them by age', () => {
    const before = cached();
    expect(before).toEqual(fresh());
    // Another process assigns a course to everyone: invisible to the cache until the figures age out.
    const slug = SLUGS.find((candidate) => fresh().courses.find((course) => course.slug === candidate)?.assigned === 0);
    if (!slug) throw new Error('every course is assigned somewhere');
    assignCourseToAll(other, companyId, { trainingSlug: slug });
    expect(fresh()).not.toEqual(before);
    expect(cached(at(MAX_AGE_MS - 1))).toBe(before);
    expect(cached(at(MAX_AGE_MS))).toEqual(fresh(at(MAX_AGE_MS)));
  });

  it('ignores what happens in another company', () => {
    const before = cached();
    revokeCourseForAll(other, companyId, { trainingSlug: SLUGS[0] as string });
    assignCourseToAll(db, otherCompanyId, { trainingSlug: SLUGS[1] as string });
    expect(cached()).toBe(before);
    expect(fresh()).not.toEqual(before);
    assignCourseToAll(db, companyId, { trainingSlug: SLUGS[0] as string });
  });

  it('shows a change of people or assignments at once', () => {
    const steps: [string, () => void][] = [
      ['assign a course to all', () => assignCourseToAll(db, companyId, { trainingSlug: SLUGS[2] as string })],
      ['revoke it again', () => revokeCourseForAll(db, companyId, { trainingSlug: SLUGS[2] as string })],
      ['delete a person', () => deleteStaffMember(db, owner, staff[3] as string, META, NOW)],
      [
        'move a person to another company',
        () => db.$client.prepare('update users set company_id = ? where id = ?').run(otherCompanyId, staff[2]),
      ],
    ];
    for (const [step, write] of steps) {
      const before = cached();
      write();
      const after = fresh();
      expect(after, step).not.toEqual(before);
      expect(cached(), step).toEqual(after);
    }
  });

  it('lets learning progress lag by a bounded time only', () => {
    const learnerId = staff[0] as string;
    db.$client.prepare('update users set active = 1 where id = ?').run(learnerId);
    const learner = sessionUser(learnerId);
    const slug = SLUGS[0] as string;
    resetStaffProgress(db, owner, learnerId, META, NOW);
    const course = courseCatalog().get(slug as never);
    if (!course) throw new Error('no course');

    const steps: [string, () => void][] = [
      ['start a course', () => createProgress(db, learner, slug, NOW)],
      [
        'save progress',
        () =>
          saveProgress(
            db,
            learner,
            { trainingSlug: slug, slideIndex: course.text.de.slides.length - 1, workingSeconds: 45, slideSeconds: {} },
            at(60_000),
          ),
      ],
      [
        'pass the quiz',
        () => {
          const quiz = startQuiz(db, learner, slug, NOW);
          for (const question of quiz.questions) {
            const key = course.text.de.quiz.find((entry) => entry.id === question.id);
            const answerIds = key?.answers.filter((answer) => answer.correct).map((answer) => answer.id) ?? [];
            answerQuestion(db, learner, { trainingSlug: slug, questionId: question.id, answerIds }, NOW);
          }
        },
      ],
    ];
    for (const [step, write] of steps) {
      const before = cached();
      write();
      expect(fresh(), step).not.toEqual(before);
      // Within the lag (it is longer than no time at all, since computing costs something) ...
      expect(cached(), step).toBe(before);
      // ... and never beyond its upper bound.
      expect(cached(at(MAX_PROGRESS_LAG_MS)), step).toEqual(fresh(at(MAX_PROGRESS_LAG_MS)));
      cached(); // back to NOW for the next step
    }
  });

  it('starts over when the week of "progress over time" ends', () => {
    const sunday = new Date('2026-11-22T23:59:59Z');
    const monday = new Date('2026-11-23T00:00:01Z');
    const before = cached(sunday);
    expect(cached(monday)).not.toBe(before);
    expect(cached(monday).completionsOverTime).toEqual(fresh(monday).completionsOverTime);
    expect(cached(monday).completionsOverTime.at(-1)?.weekStart).toBe('2026-11-23T00:00:00.000Z');
  });
});
