import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type TDatabase } from '@portal/db';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteEmployerCompletely } from '../admin/delete-employer-completely.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { deleteStaffMember, resetStaffProgress, toggleStaffRole } from '../employees/manage-employee.ts';
import { assignCourseToAll, revokeCourseForAll } from '../learning/assignments.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { createProgress, saveProgress } from '../learning/progress.ts';
import { answerQuestion, startQuiz } from '../learning/quiz.ts';
import { generateLoadData } from '../load-data/load-data.ts';
import { seededRandom } from '../load-data/random.ts';
import { overallStats } from './overall-stats.ts';
import { rebuildStatisticsSummary, statisticsSummaryDrift } from './statistics-summary.ts';

/**
 * The summary tables of the admin statistics (ADR 021) against a fresh count after every kind of
 * write: the generator's inserts, random raw inserts, updates and deletes of every summarised
 * column (cascades included), the real services, the migration that fills them, and a repair.
 */

const NOW = new Date('2026-11-18T12:00:00Z');
const DAY = 86_400_000;
const SLUGS = [...courseCatalog().keys()] as string[];
const META = { ip: '203.0.113.7' };

const dir = mkdtempSync(join(tmpdir(), 'stats-summary-'));
let db: TDatabase;

function fill(target: TDatabase, seed: number) {
  syncCourses(target, courseCatalog(), NOW);
  return generateLoadData(target, {
    companies: 12,
    employees: 120,
    progressRows: 600,
    bigCompanyEmployees: 30,
    seed,
    now: NOW,
    passwordHash: 'not-a-real-hash',
  });
}

beforeAll(() => {
  db = openDatabase(join(dir, 'db.sqlite'));
  migrateDatabase(db);
  fill(db, 7);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).all(...params) as T[];
const one = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).get(...params) as T | undefined;

function sessionUser(id: string): TSessionUser {
  const row = one<{ id: string; role: TSessionUser['role']; company_id: string | null; email: string; lang: 'de' }>(
    'select id, role, company_id, email, lang from users where id = ?',
    id,
  );
  if (!row) throw new Error(`no user ${id}`);
  return {
    id: row.id,
    role: row.role,
    companyId: row.company_id,
    email: row.email,
    firstname: 'Test',
    lastname: 'Person',
    lang: row.lang,
  };
}

describe('statistics summary', () => {
  it('is what the triggers made of the generated data', () => {
    expect(statisticsSummaryDrift(db)).toEqual([]);
    expect(one<{ n: number }>('select count(*) as n from stats_course_counts')?.n).toBeGreaterThan(0);
  });

  it('stays in step with random inserts, updates and deletes of every summarised column', () => {
    const random = seededRandom(2026);
    const ms = () => NOW.getTime() - random.between(0, 400 * DAY);
    const pick = <T>(query: string) => {
      const rows = all<T>(query);
      return rows.length === 0 ? undefined : random.pick(rows);
    };
    const operations: [string, () => void][] = [
      [
        'insert progress',
        () => {
          const user = pick<{ id: string; company_id: string }>(
            'select id, company_id from users where company_id is not null',
          );
          if (!user) return;
          const startedAt = ms();
          const completed = random.chance(0.5);
          db.$client
            .prepare(
              `insert or ignore into course_progress (id, user_id, company_id, course_slug, status, content_version,
                                                      started_at, completed_at, updated_at)
               values (?, ?, ?, ?, ?, '1', ?, ?, ?)`,
            )
            .run(
              random.uuid(),
              user.id,
              user.company_id,
              random.pick(SLUGS),
              completed ? 'completed' : 'started',
              startedAt,
              completed ? startedAt + DAY : null,
              startedAt + 2 * DAY,
            );
        },
      ],
      [
        'complete or reopen progress',
        () => {
          const row = pick<{ id: string; status: string }>('select id, status from course_progress');
          if (!row) return;
          const at = ms();
          if (row.status === 'completed') {
            db.$client
              .prepare(
                `update course_progress set status = 'started', completed_at = null, updated_at = ? where id = ?`,
              )
              .run(at, row.id);
          } else {
            db.$client
              .prepare(`update course_progress set status = 'completed', completed_at = ?, updated_at = ? where id = ?`)
              .run(at, at, row.id);
          }
        },
      ],
      [
        'save progress (updated_at forward)',
        () => {
          const row = pick<{ id: string; updated_at: number }>('select id, updated_at from course_progress');
          if (row) {
            db.$client
              .prepare('update course_progress set updated_at = ?, slide_index = 1 where id = ?')
              .run(row.updated_at + random.between(1, DAY), row.id);
          }
        },
      ],
      [
        'move timestamps back',
        () => {
          const row = pick<{ id: string }>('select id from course_progress');
          if (row) {
            db.$client
              .prepare('update course_progress set started_at = ?, updated_at = ? where id = ?')
              .run(ms() - 500 * DAY, ms() - 500 * DAY, row.id);
          }
        },
      ],
      [
        'change course or company of progress',
        () => {
          const row = pick<{ id: string }>('select id from course_progress');
          const company = pick<{ id: string }>('select id from companies');
          if (!row || !company) return;
          db.$client
            .prepare('update or ignore course_progress set course_slug = ?, company_id = ? where id = ?')
            .run(random.pick(SLUGS), random.chance(0.5) ? company.id : null, row.id);
        },
      ],
      [
        'delete progress',
        () => {
          const row = pick<{ id: string }>('select id from course_progress');
          if (row) db.$client.prepare('delete from course_progress where id = ?').run(row.id);
        },
      ],
      [
        'assign, move or revoke a course',
        () => {
          const user = pick<{ id: string }>('select id from users');
          if (!user) return;
          const slug = random.pick(SLUGS);
          const roll = random.next();
          if (roll < 0.4) {
            db.$client
              .prepare('insert or ignore into course_assignments (user_id, course_slug) values (?, ?)')
              .run(user.id, slug);
          } else if (roll < 0.7) {
            db.$client
              .prepare('update or ignore course_assignments set course_slug = ? where user_id = ?')
              .run(slug, user.id);
          } else {
            db.$client.prepare('delete from course_assignments where user_id = ?').run(user.id);
          }
        },
      ],
      [
        'insert a person',
        () => {
          const company = pick<{ id: string }>('select id from companies');
          db.$client
            .prepare(
              `insert into users (id, firstname, lastname, email, role, company_id, active)
               values (?, 'Neu', 'Person', ?, ?, ?, ?)`,
            )
            .run(
              random.uuid(),
              `${random.uuid()}@summary.example`,
              random.pick(['admin', 'employer', 'manager', 'employee']),
              random.chance(0.8) ? (company?.id ?? null) : null,
              random.chance(0.5) ? 1 : 0,
            );
        },
      ],
      [
        'change role, company or activation of a person',
        () => {
          const user = pick<{ id: string }>('select id from users');
          const company = pick<{ id: string }>('select id from companies');
          if (!user) return;
          const roll = random.next();
          if (roll < 0.33) {
            db.$client
              .prepare('update users set role = ? where id = ?')
              .run(random.pick(['admin', 'employer', 'manager', 'employee']), user.id);
          } else if (roll < 0.66) {
            db.$client
              .prepare('update users set company_id = ? where id = ?')
              .run(random.chance(0.7) ? (company?.id ?? null) : null, user.id);
          } else {
            db.$client.prepare('update users set active = 1 - active where id = ?').run(user.id);
          }
        },
      ],
      [
        'delete a person (their progress and assignments cascade)',
        () => {
          const user = pick<{ id: string }>('select id from users');
          if (user) db.$client.prepare('delete from users where id = ?').run(user.id);
        },
      ],
      [
        'delete a company (its people and progress cascade)',
        () => {
          if (!random.chance(0.05)) return;
          const company = pick<{ id: string }>('select id from companies');
          if (company) db.$client.prepare('delete from companies where id = ?').run(company.id);
        },
      ],
    ];

    // Foreign keys stay on: writes that break one fail and change nothing, as in production.
    for (let step = 0; step < 400; step++) {
      const [name, run] = random.pick(operations);
      try {
        run();
      } catch (error) {
        if (!String(error).includes('FOREIGN KEY')) throw error;
      }
      expect(statisticsSummaryDrift(db), `after step ${step}: ${name}`).toEqual([]);
    }
  });

  it('gives the same active companies whether or not progress was saved after the period', () => {
    const active = (from: string, to: string) => overallStats(db, { from, to }, NOW).companies.active;
    const counted = (from: string, to: string) =>
      one<{ n: number }>(
        `select count(distinct company_id) as n from course_progress
          where updated_at >= ? and updated_at < ?`,
        Date.parse(`${from}T00:00:00+01:00`),
        Date.parse(`${to}T00:00:00+01:00`) + DAY,
      )?.n;
    // Nothing after 2026-11-18 yet: the range of latest saves answers.
    expect(active('2026-01-01', '2026-11-30')).toBe(counted('2026-01-01', '2026-11-30'));
    // A save after the period: the look-up per company answers.
    expect(active('2026-01-01', '2026-02-28')).toBe(counted('2026-01-01', '2026-02-28'));
    const row = one<{ id: string }>('select id from course_progress limit 1');
    db.$client.prepare('update course_progress set updated_at = ? where id = ?').run(Date.parse('2026-12-24'), row?.id);
    expect(active('2026-01-01', '2026-11-30')).toBe(counted('2026-01-01', '2026-11-30'));
    expect(statisticsSummaryDrift(db)).toEqual([]);
  });

  it('stays in step with the services that assign, learn, reset and delete', () => {
    const fresh = openDatabase(join(dir, 'services.sqlite'));
    migrateDatabase(fresh);
    fill(fresh, 13);
    db.$client.close();
    db = fresh;
    const employer = one<{ id: string; company_id: string }>(
      `select u.id, u.company_id from users u join companies c on c.owner_id = u.id
        where u.role = 'employer' and (select count(*) from users s where s.company_id = u.company_id) > 3 limit 1`,
    );
    if (!employer) throw new Error('no employer with staff');
    const owner = { ...sessionUser(employer.id), companyId: employer.company_id };
    const staff = all<{ id: string }>(
      `select id from users where company_id = ? and role in ('manager', 'employee') order by id`,
      employer.company_id,
    ).map((row) => row.id);
    const [learnerId, otherId, leaverId] = staff as [string, string, string];
    const check = (step: string) => expect(statisticsSummaryDrift(db), step).toEqual([]);

    const slug = SLUGS[0] as string;
    revokeCourseForAll(db, employer.company_id, { trainingSlug: slug });
    check('revoke for all');
    assignCourseToAll(db, employer.company_id, { trainingSlug: slug });
    check('assign to all');

    db.$client.prepare('update users set active = 1 where id = ?').run(learnerId);
    const learner = sessionUser(learnerId);
    createProgress(db, learner, slug, NOW);
    check('create progress');
    const course = courseCatalog().get(slug as never);
    if (!course) throw new Error('no course');
    saveProgress(
      db,
      learner,
      { trainingSlug: slug, slideIndex: course.text.de.slides.length - 1, workingSeconds: 30, slideSeconds: {} },
      new Date(NOW.getTime() + 60_000),
    );
    check('save progress');
    const quiz = startQuiz(db, learner, slug, NOW);
    for (const question of quiz.questions) {
      const key = course.text[learner.lang].quiz.find((entry) => entry.id === question.id);
      const answerIds = key?.answers.filter((answer) => answer.correct).map((answer) => answer.id) ?? [];
      answerQuestion(db, learner, { trainingSlug: slug, questionId: question.id, answerIds }, NOW);
    }
    expect(
      one<{ status: string }>(
        'select status from course_progress where user_id = ? and course_slug = ?',
        learnerId,
        slug,
      ),
    ).toEqual({ status: 'completed' });
    check('complete through the quiz');

    const role = one<{ role: 'manager' | 'employee' }>('select role from users where id = ?', otherId)?.role;
    toggleStaffRole(db, owner, { id: otherId, expectedRole: role === 'manager' ? 'employee' : 'manager' }, META, NOW);
    check('toggle role');
    resetStaffProgress(db, owner, learnerId, META, NOW);
    check('reset a person');
    deleteStaffMember(db, owner, leaverId, META, NOW);
    check('delete a person');
    const admin = one<{ id: string }>(`select id from users where role = 'admin' limit 1`);
    if (!admin) throw new Error('no admin');
    deleteEmployerCompletely(db, sessionUser(admin.id), employer.id, META, NOW);
    check('delete the company completely');
  });

  it('is found out when it drifts and rebuilt from the rows', () => {
    db.$client.prepare('update stats_people set employees = employees + 5').run();
    db.$client
      .prepare('delete from stats_course_counts where rowid = (select min(rowid) from stats_course_counts)')
      .run();
    expect(statisticsSummaryDrift(db).length).toBeGreaterThanOrEqual(2);
    rebuildStatisticsSummary(db);
    expect(statisticsSummaryDrift(db)).toEqual([]);
  });

  it('is filled from the existing rows by the migration that adds it', () => {
    // A database at migration 0007 with data, then migrated to the end.
    const folder = join(dir, 'migrations-0007');
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 7);
    writeFileSync(journalFile, JSON.stringify(journal));
    const file = join(dir, 'old.sqlite');
    const old = openDatabase(file);
    migrate(old, { migrationsFolder: folder });
    fill(old, 11);
    expect(old.$client.prepare(`select count(*) as n from sqlite_master where name like 'stats_%'`).get()).toEqual({
      n: 0,
    });
    migrateDatabase(old);
    expect(statisticsSummaryDrift(old)).toEqual([]);
    expect(old.$client.prepare('select employees from stats_people').get()).toEqual({ employees: 132 });
    old.$client.close();
  });
});
