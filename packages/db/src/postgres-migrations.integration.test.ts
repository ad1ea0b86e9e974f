import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migratePostgres,
  openPostgresOrm,
  POSTGRES_MIGRATIONS_FOLDER,
  type TPostgresOrm,
} from './postgres-database.ts';
import { startPostgresCluster, type TPostgresCluster } from './testing/postgres-cluster.ts';

/*
 * The PostgreSQL migrations on a real, throwaway cluster (ADR 028): two processes' worth of
 * connection pools migrating one database at once, then the summary triggers of ADR 021 against
 * a count from the rows.
 */
let cluster: TPostgresCluster;
let orm: TPostgresOrm;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const admin = openPostgresOrm(cluster.url());
  await admin.execute(sql`create database migrations_test`);
  await admin.$client.end();
  orm = openPostgresOrm(cluster.url('migrations_test'));
}, 60_000);

afterAll(async () => {
  await orm?.$client.end();
  cluster?.stop();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await orm.execute(query)).rows as T[];

describe('PostgreSQL migrations', () => {
  it('apply once when two start at the same moment', async () => {
    const second = openPostgresOrm(cluster.url('migrations_test'));
    try {
      await Promise.all([migratePostgres(orm), migratePostgres(second), migratePostgres(orm)]);
    } finally {
      await second.$client.end();
    }
    const applied = await rows<{ n: number }>(sql`select count(*) as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(join(POSTGRES_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    expect(applied[0]?.n).toBe(journal.entries.length);
    expect(journal.entries.length).toBeGreaterThanOrEqual(3);
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((table) => table.name)).toContain('course_progress');
    expect(tables.length).toBeGreaterThan(15);
  });

  it('keep the statistics summary in step with the rows, cascades included', async () => {
    const company = randomUUID();
    await orm.execute(sql`insert into companies (id, company_name) values (${company}, 'Summe GmbH')`);
    const people = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, id] of people.entries()) {
      await orm.execute(sql`insert into users (id, firstname, lastname, email, role, company_id, active)
        values (${id}, 'A', 'B', ${`p${index}@example.com`}, ${index === 0 ? 'employer' : 'employee'}, ${company}, ${index < 2})`);
      await orm.execute(sql`insert into course_assignments (user_id, course_slug) values (${id}, 'phishing')`);
    }
    const hour = 490_000;
    for (const [index, id] of people.slice(0, 2).entries()) {
      const completedAt = index === 0 ? (hour + 1) * 3_600_000 : null;
      await orm.execute(sql`insert into course_progress (id, user_id, company_id, course_slug, status, content_version,
          started_at, completed_at, updated_at)
        values (${randomUUID()}, ${id}, ${company}, 'phishing', ${completedAt ? 'completed' : 'started'}, '1',
          ${hour * 3_600_000}, ${completedAt}, ${hour * 3_600_000 + 5})`);
    }
    await orm.execute(sql`update users set active = true where id = ${people[2]}`);

    const summary = async () => ({
      people: await rows(sql`select employees, activated from stats_people`),
      courses: await rows(sql`select course_slug, assigned, started, completed from stats_course_counts`),
      hours: await rows(
        sql`select hour, started, completed from stats_progress_hours where started > 0 or completed > 0 order by hour`,
      ),
      completions: await rows(
        sql`select course_slug, hour, completed from stats_course_completions where completed > 0`,
      ),
      activity: await rows(sql`select company_id, last_progress_at from stats_company_activity`),
    });
    expect(await summary()).toEqual({
      people: [{ employees: 3, activated: 3 }],
      courses: [{ course_slug: 'phishing', assigned: 3, started: 2, completed: 1 }],
      hours: [
        { hour, started: 2, completed: 0 },
        { hour: hour + 1, started: 0, completed: 1 },
      ],
      completions: [{ course_slug: 'phishing', hour: hour + 1, completed: 1 }],
      activity: [{ company_id: company, last_progress_at: hour * 3_600_000 + 5 }],
    });

    // Deleting the company cascades to people, assignments and progress: every figure goes back.
    await orm.execute(sql`delete from companies where id = ${company}`);
    expect(await summary()).toEqual({
      people: [{ employees: 0, activated: 0 }],
      courses: [{ course_slug: 'phishing', assigned: 0, started: 0, completed: 0 }],
      hours: [],
      completions: [],
      activity: [],
    });
  });

  it('take the company rows at the commit only, so learners of one company save side by side', async () => {
    const company = randomUUID();
    await orm.execute(sql`insert into companies (id, company_name) values (${company}, 'Parallel GmbH')`);
    const learners = [randomUUID(), randomUUID()];
    for (const [index, id] of learners.entries()) {
      await orm.execute(sql`insert into users (id, firstname, lastname, email, role, company_id, active)
        values (${id}, 'A', 'B', ${`parallel${index}@example.com`}, 'employee', ${company}, true)`);
    }
    const version = async () =>
      Number(
        (await rows<{ progress: string }>(sql`select progress from company_versions where company_id = ${company}`))[0]
          ?.progress,
      );
    const before = await version();
    const save = (id: string, at: number) => ({
      text: `insert into course_progress (id, user_id, company_id, course_slug, status, content_version, started_at, updated_at)
        values ($1, $2, $3, 'phishing', 'started', '1', $4, $4)`,
      values: [randomUUID(), id, company, at],
    });
    const first = await orm.$client.connect();
    const second = await orm.$client.connect();
    try {
      await first.query('begin');
      await first.query(save(learners[0] ?? '', 1_000));
      // With the counters updated by plain AFTER triggers, this save waited for the first one's
      // lock on the company's rows until the first committed, and the lock timeout failed it.
      await second.query('begin');
      await second.query("set local lock_timeout = '2s'");
      await second.query(save(learners[1] ?? '', 2_000));
      await first.query('commit');
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await version()).toBe(before + 2);
    expect(await rows(sql`select last_progress_at from stats_company_activity where company_id = ${company}`)).toEqual([
      { last_progress_at: 2_000 },
    ]);

    // The counters run at the commit, after a deletion later in the same transaction: they must
    // not write for the company that is gone.
    const client = await orm.$client.connect();
    try {
      await client.query('begin');
      await client.query('update course_progress set updated_at = 3000 where company_id = $1', [company]);
      await client.query('delete from companies where id = $1', [company]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await rows(sql`select company_id from stats_company_activity where company_id = ${company}`)).toEqual([]);
  });
});
