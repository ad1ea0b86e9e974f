import { dialectOf, rawExecute, rawRows, sql, type TDatabase, type TDb, transaction } from '@portal/db';

/*
 * The summary tables behind the admin statistics (ADR 021): `stats_people`,
 * `stats_course_counts`, `stats_progress_hours`, `stats_course_completions` and
 * `stats_company_activity`, and the insurer's `company_summary` (ADR 035). Triggers keep them in
 * step with every write (SQLite migrations 0008 and 0014, PostgreSQL 0001 and 0008); the functions here recompute them from scratch (as the migrations
 * fill them) and compare them with a fresh count, for tests, for bulk loads that run without
 * triggers, and for repair. Every statement runs unchanged on SQLite and PostgreSQL (ADR 028).
 */

/** Each summary table and the rows it should hold, as a query over the summarised tables. */
const EXPECTED = {
  stats_people: sql`
    select 1 as id, count(*) as employees, coalesce(sum(case when active then 1 else 0 end), 0) as activated
      from users where company_id is not null and role <> 'admin'`,
  stats_course_counts: sql`
    select course_slug, sum(assigned) as assigned, sum(started) as started, sum(completed) as completed from (
      select course_slug, count(*) as assigned, 0 as started, 0 as completed from course_assignments group by course_slug
      union all
      select course_slug, 0, count(*), sum(case when status = 'completed' then 1 else 0 end)
        from course_progress group by course_slug
    ) as counts group by course_slug`,
  stats_progress_hours: sql`
    select hour, sum(started) as started, sum(completed) as completed from (
      select started_at / 3600000 as hour, 1 as started, 0 as completed from course_progress
      union all
      select completed_at / 3600000, 0, 1 from course_progress where completed_at is not null
    ) as hours group by hour`,
  stats_course_completions: sql`
    select course_slug, completed_at / 3600000 as hour, count(*) as completed from course_progress
     where completed_at is not null group by course_slug, completed_at / 3600000`,
  stats_company_activity: sql`
    select company_id, max(updated_at) as last_progress_at from course_progress group by company_id`,
  // The insurer's figures per company (ADR 035): a row for every company, counted by its people.
  company_summary: sql`
    select c.id as company_id,
           (select count(distinct a.user_id) from users u join course_assignments a on a.user_id = u.id
             where u.company_id = c.id) as learners,
           (select count(*) from users u join course_assignments a on a.user_id = u.id
             where u.company_id = c.id) as assigned,
           (select count(*) from users u join course_assignments a on a.user_id = u.id
              join course_progress p on p.user_id = a.user_id and p.course_slug = a.course_slug
             where u.company_id = c.id and p.status = 'completed') as completed
      from companies c`,
} as const;

/** The summary rows that stand for nothing (counts down to zero, companies without progress). */
const EMPTY = {
  stats_people: sql`false`,
  stats_course_counts: sql`assigned = 0 and started = 0 and completed = 0`,
  stats_progress_hours: sql`started = 0 and completed = 0`,
  stats_course_completions: sql`completed = 0`,
  stats_company_activity: sql`last_progress_at is null`,
  company_summary: sql`false`,
} as const;

type TSummaryTable = keyof typeof EXPECTED;
const TABLES = Object.keys(EXPECTED) as TSummaryTable[];

/**
 * Refills every summary table from the rows it summarises, in one transaction. Application code
 * never writes the summary otherwise: the triggers do.
 */
export async function rebuildStatisticsSummary(db: TDatabase): Promise<void> {
  // Read committed, with the summarised tables locked against writes on PostgreSQL (ADR 028):
  // a write committed between counting and storing would be lost, and its trigger would meet the
  // rows being replaced. SHARE mode lets reads go on and makes writers (and their triggers) wait
  // until the new summary is committed; on SQLite the transaction is the only writer anyway.
  await transaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') {
      await rawExecute(tx, sql`lock table companies, users, course_assignments, course_progress in share mode`);
    }
    for (const table of TABLES) {
      await rawExecute(tx, sql`delete from ${sql.identifier(table)}`);
      await rawExecute(tx, sql`insert into ${sql.identifier(table)} ${EXPECTED[table]}`);
    }
  });
}

/**
 * The differences between the summary tables and a fresh count, as readable lines ("stats_x
 * missing: {…}", "stats_x extra: {…}"); empty when they agree. Reads every summarised row: for
 * tests and checks, not for requests. Each comparison is one statement, so it reads one snapshot.
 */
export async function statisticsSummaryDrift(db: TDb, limit = 20): Promise<string[]> {
  const lines: string[] = [];
  for (const table of TABLES) {
    const stored = sql`select * from ${sql.identifier(table)} where not (${EMPTY[table]})`;
    const missing = await rawRows<Record<string, unknown>>(db, sql`${EXPECTED[table]} except ${stored} limit ${limit}`);
    const extra = await rawRows<Record<string, unknown>>(db, sql`${stored} except ${EXPECTED[table]} limit ${limit}`);
    for (const row of missing) lines.push(`${table} missing: ${JSON.stringify(row)}`);
    for (const row of extra) lines.push(`${table} extra: ${JSON.stringify(row)}`);
  }
  return lines;
}
