import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeDatabase,
  eq,
  migrateDatabase,
  openDatabase,
  POSTGRES_MIGRATIONS_FOLDER,
  rawExecute,
  rawRows,
  SQLITE_MIGRATIONS_FOLDER,
  sql,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import Database from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
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
 * Runs on SQLite and on PostgreSQL, whose triggers are written separately (ADR 028).
 */

const NOW = new Date('2026-11-18T12:00:00Z');
const DAY = 86_400_000;
const SLUGS = [...courseCatalog().keys()] as string[];
const META = { ip: '203.0.113.7' };

const dir = mkdtempSync(join(tmpdir(), 'stats-summary-'));
const opened: TTestDatabase[] = [];
let t: TTestDatabase;
let db: TDatabase;

async function fill(target: TDatabase, seed: number) {
  await syncCourses(target, courseCatalog(), NOW);
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

/**
 * `fill` on a database of an older schema: the generator writes the current tables, whose later
 * columns (due dates, cycles, …) the old schema lacks. So the rows are generated in a current
 * database and copied over with only the columns the old tables have.
 */
async function fillOldSchema(old: TDatabase, sqlite: boolean, seed: number) {
  const source = await createTestDatabase();
  opened.push(source);
  await fill(source.db, seed);
  const tables = [
    'courses',
    'companies',
    'users',
    'avv_acceptances',
    'course_assignments',
    'course_progress',
    'quiz_attempts',
    'certificates',
  ];
  for (const table of tables) {
    const columns = sqlite
      ? (await rawRows<{ name: string }>(old, sql.raw(`select name from pragma_table_info('${table}')`))).map(
          (c) => c.name,
        )
      : (
          await rawRows<{ name: string }>(
            old,
            sql`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema()`,
          )
        ).map((c) => c.name);
    // The owner of a company points at a person who is copied after it: set it once both are in.
    const copied = table === 'companies' ? columns.filter((column) => column !== 'owner_id') : columns;
    const rows = await rawRows<Record<string, unknown>>(
      source.db,
      sql.raw(`select ${copied.join(', ')} from ${table}`),
    );
    for (let start = 0; start < rows.length; start += 200) {
      const values = rows.slice(start, start + 200).map(
        (row) =>
          sql`(${sql.join(
            copied.map((column) => sql`${row[column]}`),
            sql`, `,
          )})`,
      );
      await transaction(old, (tx) =>
        rawExecute(
          tx,
          sql`insert into ${sql.identifier(table)} (${sql.raw(copied.join(', '))}) values ${sql.join(values, sql`, `)}`,
        ),
      );
    }
  }
  const owners = await rawRows<{ id: string; owner_id: string | null }>(
    source.db,
    sql`select id, owner_id from companies`,
  );
  await transaction(old, async (tx) => {
    for (const owner of owners) {
      await rawExecute(tx, sql`update companies set owner_id = ${owner.owner_id} where id = ${owner.id}`);
    }
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  opened.push(t);
  db = t.db;
  await fill(db, 7);
}, 60_000);
afterAll(async () => {
  for (const database of opened) await database.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const all = <T>(query: ReturnType<typeof sql>) => rawRows<T>(db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rawRows<T>(db, query))[0];
/** One write in its own transaction, as a script would make it. */
const write = (query: ReturnType<typeof sql>) => transaction(db, (tx) => rawExecute(tx, query));

/** The SQLSTATE (PostgreSQL) or SQLite code of an error or of what it wraps. */
function errorCode(error: unknown): string {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return '';
}
const UNIQUE_OR_NOT_NULL = new Set([
  '23505',
  '23502',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  'SQLITE_CONSTRAINT_NOTNULL',
]);
const FOREIGN_KEY = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/**
 * SQLite's `insert or ignore` / `update or ignore` for one row, on both databases: a statement
 * that would break a unique or not-null constraint changes nothing (a savepoint on PostgreSQL,
 * whose transaction would otherwise be aborted).
 */
async function orIgnore(tx: TTransaction, query: ReturnType<typeof sql>) {
  try {
    await transaction(tx, (inner) => rawExecute(inner, query));
  } catch (error) {
    if (!UNIQUE_OR_NOT_NULL.has(errorCode(error))) throw error;
  }
}

async function sessionUser(id: string): Promise<TSessionUser> {
  const [row] = await db
    .select({ id: users.id, role: users.role, companyId: users.companyId, email: users.email, lang: users.lang })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return { ...row, firstname: 'Test', lastname: 'Person' };
}

describe('statistics summary', () => {
  it('is what the triggers made of the generated data', async () => {
    expect(await statisticsSummaryDrift(db)).toEqual([]);
    expect((await one<{ n: number }>(sql`select count(*) as n from stats_course_counts`))?.n).toBeGreaterThan(0);
  });

  it('stays in step with random inserts, updates and deletes of every summarised column', async () => {
    const random = seededRandom(2026);
    const ms = () => NOW.getTime() - random.between(0, 400 * DAY);
    const pick = async <T>(query: ReturnType<typeof sql>) => {
      const rows = await all<T>(query);
      return rows.length === 0 ? undefined : random.pick(rows);
    };
    const operations: [string, () => Promise<void>][] = [
      [
        'insert progress',
        async () => {
          const user = await pick<{ id: string; company_id: string }>(
            sql`select id, company_id from users where company_id is not null order by id`,
          );
          if (!user) return;
          const startedAt = ms();
          const completed = random.chance(0.5);
          await transaction(db, (tx) =>
            orIgnore(
              tx,
              sql`insert into course_progress (id, user_id, company_id, course_slug, status, content_version,
                                               started_at, completed_at, updated_at)
                  values (${random.uuid()}, ${user.id}, ${user.company_id}, ${random.pick(SLUGS)},
                          ${completed ? 'completed' : 'started'}, '1', ${startedAt},
                          ${completed ? startedAt + DAY : null}, ${startedAt + 2 * DAY})`,
            ),
          );
        },
      ],
      [
        'complete or reopen progress',
        async () => {
          const row = await pick<{ id: string; status: string }>(
            sql`select id, status from course_progress order by id`,
          );
          if (!row) return;
          const at = ms();
          if (row.status === 'completed') {
            await write(
              sql`update course_progress set status = 'started', completed_at = null, updated_at = ${at} where id = ${row.id}`,
            );
          } else {
            await write(
              sql`update course_progress set status = 'completed', completed_at = ${at}, updated_at = ${at} where id = ${row.id}`,
            );
          }
        },
      ],
      [
        'save progress (updated_at forward)',
        async () => {
          const row = await pick<{ id: string; updated_at: number }>(
            sql`select id, updated_at from course_progress order by id`,
          );
          if (row) {
            await write(
              sql`update course_progress set updated_at = ${Number(row.updated_at) + random.between(1, DAY)},
                         slide_index = 1 where id = ${row.id}`,
            );
          }
        },
      ],
      [
        'move timestamps back',
        async () => {
          const row = await pick<{ id: string }>(sql`select id from course_progress order by id`);
          if (row) {
            await write(
              sql`update course_progress set started_at = ${ms() - 500 * DAY}, updated_at = ${ms() - 500 * DAY}
                   where id = ${row.id}`,
            );
          }
        },
      ],
      [
        'change course or company of progress',
        async () => {
          const row = await pick<{ id: string }>(sql`select id from course_progress order by id`);
          const company = await pick<{ id: string }>(sql`select id from companies order by id`);
          if (!row || !company) return;
          const slug = random.pick(SLUGS);
          const companyId = random.chance(0.5) ? company.id : null;
          await transaction(db, (tx) =>
            orIgnore(
              tx,
              sql`update course_progress set course_slug = ${slug}, company_id = ${companyId} where id = ${row.id}`,
            ),
          );
        },
      ],
      [
        'delete progress',
        async () => {
          const row = await pick<{ id: string }>(sql`select id from course_progress order by id`);
          if (row) await write(sql`delete from course_progress where id = ${row.id}`);
        },
      ],
      [
        'assign, move or revoke a course',
        async () => {
          const user = await pick<{ id: string }>(sql`select id from users order by id`);
          if (!user) return;
          const slug = random.pick(SLUGS);
          const roll = random.next();
          if (roll < 0.4) {
            await transaction(db, (tx) =>
              orIgnore(tx, sql`insert into course_assignments (user_id, course_slug) values (${user.id}, ${slug})`),
            );
          } else if (roll < 0.7) {
            // `update or ignore … where user_id = ?`: each of the person's rows moves unless it clashes.
            await transaction(db, async (tx) => {
              const rows = await rawRows<{ course_slug: string }>(
                tx,
                sql`select course_slug from course_assignments where user_id = ${user.id} order by course_slug`,
              );
              for (const row of rows) {
                await orIgnore(
                  tx,
                  sql`update course_assignments set course_slug = ${slug}
                       where user_id = ${user.id} and course_slug = ${row.course_slug}`,
                );
              }
            });
          } else {
            await write(sql`delete from course_assignments where user_id = ${user.id}`);
          }
        },
      ],
      [
        'insert a person',
        async () => {
          const company = await pick<{ id: string }>(sql`select id from companies order by id`);
          const role = random.pick(['admin', 'employer', 'manager', 'employee']);
          const companyId = random.chance(0.8) ? (company?.id ?? null) : null;
          const active = random.chance(0.5) ? sql.raw('true') : sql.raw('false');
          await write(
            sql`insert into users (id, firstname, lastname, email, role, company_id, active)
                values (${random.uuid()}, 'Neu', 'Person', ${`${random.uuid()}@summary.example`}, ${role},
                        ${companyId}, ${active})`,
          );
        },
      ],
      [
        'change role, company or activation of a person',
        async () => {
          const user = await pick<{ id: string }>(sql`select id from users order by id`);
          const company = await pick<{ id: string }>(sql`select id from companies order by id`);
          if (!user) return;
          const roll = random.next();
          if (roll < 0.33) {
            const role = random.pick(['admin', 'employer', 'manager', 'employee']);
            await write(sql`update users set role = ${role} where id = ${user.id}`);
          } else if (roll < 0.66) {
            const companyId = random.chance(0.7) ? (company?.id ?? null) : null;
            await write(sql`update users set company_id = ${companyId} where id = ${user.id}`);
          } else {
            await write(sql`update users set active = not active where id = ${user.id}`);
          }
        },
      ],
      [
        'delete a person (their progress and assignments cascade)',
        async () => {
          const user = await pick<{ id: string }>(sql`select id from users order by id`);
          if (user) await write(sql`delete from users where id = ${user.id}`);
        },
      ],
      [
        'delete a company (its people and progress cascade)',
        async () => {
          if (!random.chance(0.05)) return;
          const company = await pick<{ id: string }>(sql`select id from companies order by id`);
          if (company) await write(sql`delete from companies where id = ${company.id}`);
        },
      ],
    ];

    // Foreign keys stay on: writes that break one fail and change nothing, as in production.
    for (let step = 0; step < 400; step++) {
      const [name, run] = random.pick(operations);
      try {
        await run();
      } catch (error) {
        if (!FOREIGN_KEY.has(errorCode(error))) throw error;
      }
      expect(await statisticsSummaryDrift(db), `after step ${step}: ${name}`).toEqual([]);
    }
  }, 120_000);

  it('gives the same active companies whether or not progress was saved after the period', async () => {
    const active = async (from: string, to: string) => (await overallStats(db, { from, to }, NOW)).companies.active;
    const counted = async (from: string, to: string) =>
      (
        await one<{ n: number }>(
          sql`select count(distinct company_id) as n from course_progress
               where updated_at >= ${Date.parse(`${from}T00:00:00+01:00`)}
                 and updated_at < ${Date.parse(`${to}T00:00:00+01:00`) + DAY}`,
        )
      )?.n;
    // Nothing after 2026-11-18 yet: the range of latest saves answers.
    expect(await active('2026-01-01', '2026-11-30')).toBe(await counted('2026-01-01', '2026-11-30'));
    // A save after the period: the look-up per company answers.
    expect(await active('2026-01-01', '2026-02-28')).toBe(await counted('2026-01-01', '2026-02-28'));
    const row = await one<{ id: string }>(sql`select id from course_progress order by id limit 1`);
    await write(sql`update course_progress set updated_at = ${Date.parse('2026-12-24')} where id = ${row?.id}`);
    expect(await active('2026-01-01', '2026-11-30')).toBe(await counted('2026-01-01', '2026-11-30'));
    expect(await statisticsSummaryDrift(db)).toEqual([]);
  });

  it('stays in step with the services that assign, learn, reset and delete', async () => {
    const fresh = await createTestDatabase();
    opened.push(fresh);
    db = fresh.db;
    await fill(db, 13);
    const employer = await one<{ id: string; company_id: string }>(
      sql`select u.id, u.company_id from users u join companies c on c.owner_id = u.id
           where u.role = 'employer' and (select count(*) from users s where s.company_id = u.company_id) > 3
           order by u.id limit 1`,
    );
    if (!employer) throw new Error('no employer with staff');
    const owner = { ...(await sessionUser(employer.id)), companyId: employer.company_id };
    const staff = (
      await all<{ id: string }>(
        sql`select id from users where company_id = ${employer.company_id} and role in ('manager', 'employee') order by id`,
      )
    ).map((row) => row.id);
    const [learnerId, otherId, leaverId] = staff as [string, string, string];
    const check = async (step: string) => expect(await statisticsSummaryDrift(db), step).toEqual([]);

    const slug = SLUGS[0] as string;
    await revokeCourseForAll(db, employer.company_id, { trainingSlug: slug });
    await check('revoke for all');
    await assignCourseToAll(db, employer.company_id, { trainingSlug: slug });
    await check('assign to all');

    await transaction(db, (tx) => tx.update(users).set({ active: true }).where(eq(users.id, learnerId)));
    const learner = await sessionUser(learnerId);
    await createProgress(db, learner, slug, NOW);
    await check('create progress');
    const course = courseCatalog().get(slug as never);
    if (!course) throw new Error('no course');
    await saveProgress(
      db,
      learner,
      { trainingSlug: slug, slideIndex: course.text.de.slides.length - 1, workingSeconds: 30, slideSeconds: {} },
      new Date(NOW.getTime() + 60_000),
    );
    await check('save progress');
    const quiz = await startQuiz(db, learner, slug, NOW);
    for (const question of quiz.questions) {
      const key = course.text[learner.lang].quiz.find((entry) => entry.id === question.id);
      const answerIds = key?.answers.filter((answer) => answer.correct).map((answer) => answer.id) ?? [];
      await answerQuestion(db, learner, { trainingSlug: slug, questionId: question.id, answerIds }, NOW);
    }
    expect(
      await one<{ status: string }>(
        sql`select status from course_progress where user_id = ${learnerId} and course_slug = ${slug}`,
      ),
    ).toEqual({ status: 'completed' });
    await check('complete through the quiz');

    const role = (await one<{ role: 'manager' | 'employee' }>(sql`select role from users where id = ${otherId}`))?.role;
    await toggleStaffRole(
      db,
      owner,
      { id: otherId, expectedRole: role === 'manager' ? 'employee' : 'manager' },
      META,
      NOW,
    );
    await check('toggle role');
    await resetStaffProgress(db, owner, learnerId, META, NOW);
    await check('reset a person');
    await deleteStaffMember(db, owner, leaverId, META, NOW);
    await check('delete a person');
    const admin = await one<{ id: string }>(sql`select id from users where role = 'admin' order by id limit 1`);
    if (!admin) throw new Error('no admin');
    await deleteEmployerCompletely(db, await sessionUser(admin.id), employer.id, META, NOW);
    await check('delete the company completely');
  }, 60_000);

  it('is found out when it drifts and rebuilt from the rows', async () => {
    await write(sql`update stats_people set employees = employees + 5`);
    await write(
      sql`delete from stats_course_counts where course_slug = (
            select min(course_slug) from stats_course_counts where assigned > 0 or started > 0)`,
    );
    expect((await statisticsSummaryDrift(db)).length).toBeGreaterThanOrEqual(2);
    await rebuildStatisticsSummary(db);
    expect(await statisticsSummaryDrift(db)).toEqual([]);
  });

  it('is filled from the existing rows by the migration that adds it', async () => {
    // A database just before the summary's migration (SQLite 0008, PostgreSQL 0001) with data,
    // then migrated to the end.
    const sqlite = t.dialect === 'sqlite';
    const folder = join(dir, 'migrations-before-summary');
    cpSync(sqlite ? SQLITE_MIGRATIONS_FOLDER : POSTGRES_MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= (sqlite ? 7 : 0));
    writeFileSync(journalFile, JSON.stringify(journal));

    let old: TDatabase;
    let dropOld = async () => {};
    if (sqlite) {
      const file = join(dir, 'old.sqlite');
      const connection = new Database(file);
      connection.pragma('foreign_keys = ON');
      migrateSqlite(sqliteDrizzle({ client: connection }), { migrationsFolder: folder });
      connection.close();
      old = openDatabase(file);
    } else {
      const [current] = await rawRows<{ name: string }>(db, sql`select current_database() as name`);
      const name = `${current?.name}_old`;
      await rawRows(db, sql.raw(`create database "${name}"`));
      dropOld = async () => {
        await rawRows(db, sql.raw(`drop database if exists "${name}" with (force)`));
      };
      old = openDatabase(t.location.replace(/\/[^/]*$/, `/${name}`), { poolSize: 2 });
      await migratePostgres(old as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
    try {
      await fillOldSchema(old, sqlite, 11);
      // No summary yet: SQLite's 0008 creates its tables, PostgreSQL's 0000 created them empty.
      const summaryTables = sqlite
        ? sql`select count(*) as n from sqlite_master where name like 'stats_%'`
        : sql`select (select count(*) from stats_people) + (select count(*) from stats_course_counts)
                   + (select count(*) from stats_progress_hours) + (select count(*) from stats_course_completions)
                   + (select count(*) from stats_company_activity) as n`;
      expect(await rawRows(old, summaryTables)).toEqual([{ n: 0 }]);
      await migrateDatabase(old);
      expect(await statisticsSummaryDrift(old)).toEqual([]);
      expect(await rawRows(old, sql`select employees from stats_people`)).toEqual([{ employees: 132 }]);
    } finally {
      await closeDatabase(old);
      await dropOld();
    }
  }, 60_000);
});
