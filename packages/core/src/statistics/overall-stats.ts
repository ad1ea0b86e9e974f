import type { TCourseLanguage } from '@portal/content';
import { companies, count, eq, rawRows, sql, type TDb, users } from '@portal/db';
import { DomainError } from '../errors.ts';
import { courseCatalog } from '../learning/catalog.ts';

/**
 * The provider's statistics over all policyholders (admin issue; definitions in
 * docs/decisions/017-admin-statistics.md). "In the period" figures count events whose timestamp
 * falls on a day of [from, to] in German time; "current" figures are today's state, whatever the
 * period.
 */
export interface TOverallStats {
  period: { from: string; to: string; granularity: TStatsGranularity };
  generatedAt: string;
  companies: {
    /** Current: every company. */
    total: number;
    /** In the period: companies created. */
    registered: number;
    /** In the period: companies with at least one course progress updated. */
    active: number;
    /** Current: companies whose policyholder (owner) has accepted the AVV. */
    avvAccepted: number;
    /** `avvAccepted / total`, 0-1 rounded to 4 places; null without companies. */
    avvAcceptanceRate: number | null;
  };
  /** Current: accounts of companies (policyholders, managers, employees; no admins). */
  employees: { total: number; activated: number; invited: number };
  /** In the period: course progress rows started / completed, assigned or not (what happened). */
  trainings: { started: number; completed: number };
  /** In the period: certificates issued, revoked ones included (they were issued). */
  certificates: { personal: number; company: number; total: number };
  /**
   * The catalog's courses: current assignments, started and completed progress (revoked courses
   * included), and the completions of the period.
   */
  courses: TOverallCourseStats[];
  /** Per week (period under 3 months) or per calendar month, cut to the period, oldest first. */
  series: TStatsBucket[];
}

export type TStatsGranularity = 'week' | 'month';

export interface TOverallCourseStats {
  slug: string;
  title: string;
  assigned: number;
  started: number;
  completed: number;
  completedInPeriod: number;
}

export interface TStatsBucket {
  /** First and last day of the bucket inside the period (YYYY-MM-DD). */
  start: string;
  end: string;
  registrations: number;
  started: number;
  completed: number;
  certificates: number;
}

export interface TOverallStatsInput {
  /** First and last day (YYYY-MM-DD, German calendar days), both included. */
  from: string;
  to: string;
  lang?: TCourseLanguage;
}

/** A longer period gives no useful chart and would scan years of progress. */
export const STATS_MAX_PERIOD_YEARS = 5;
/** Periods shorter than this many months get a weekly series, longer ones a monthly one. */
const WEEKLY_UP_TO_MONTHS = 3;

// ── German calendar days ─────────────────────────────────────────────────────────────────────
// Days are numbered since 1970-01-01; a day number of a local date is its UTC midnight / DAY_MS.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOfUtc = (year: number, monthIndex: number, date: number) => Date.UTC(year, monthIndex, date) / DAY_MS;

/** The day number of a YYYY-MM-DD date, or null for anything else (2026-02-30 included). */
function dayOfDate(value: string): number | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const day = dayOfUtc(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateOfDay(day) === value ? day : null;
}

const berlinOffsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
const berlinDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Offset of German time from UTC at a moment, in ms ("GMT+02:00" in summer). */
function berlinOffset(ms: number): number {
  const name = berlinOffsetFormat.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * HOUR_MS + Number(match[3]) * 60_000);
}

/** UTC ms of 00:00 German time on a day (the clocks change at night, never at midnight). */
export function berlinMidnight(day: number): number {
  const utcMidnight = day * DAY_MS;
  return utcMidnight - berlinOffset(utcMidnight - berlinOffset(utcMidnight));
}

/** A real calendar date written YYYY-MM-DD. */
export const isCalendarDate = (value: string) => dayOfDate(value) !== null;

// ── Period ───────────────────────────────────────────────────────────────────────────────────

interface TPeriod {
  from: string;
  to: string;
  fromDay: number;
  toDay: number;
  /** [startMs, endMs): German midnight of `from` to German midnight after `to`. */
  startMs: number;
  endMs: number;
  granularity: TStatsGranularity;
}

/** Checks and resolves a period; BAD_REQUEST with a translated message when it is not one. */
function resolvePeriod(from: string, to: string): TPeriod {
  const fromDay = dayOfDate(from);
  const toDay = dayOfDate(to);
  if (fromDay === null || toDay === null) throw new DomainError('BAD_REQUEST', 'admin_stats.date_invalid');
  if (fromDay > toDay) throw new DomainError('BAD_REQUEST', 'admin_stats.period_invalid');
  const [year, month, date] = from.split('-').map(Number) as [number, number, number];
  if (toDay >= dayOfUtc(year + STATS_MAX_PERIOD_YEARS, month - 1, date)) {
    throw new DomainError('BAD_REQUEST', 'admin_stats.period_too_long', { years: STATS_MAX_PERIOD_YEARS });
  }
  const weekly = toDay < dayOfUtc(year, month - 1 + WEEKLY_UP_TO_MONTHS, date);
  return {
    from,
    to,
    fromDay,
    toDay,
    startMs: berlinMidnight(fromDay),
    endMs: berlinMidnight(toDay + 1),
    granularity: weekly ? 'week' : 'month',
  };
}

/** The default period: the current calendar month and the eleven before it, up to today. */
export function defaultStatsPeriod(now = new Date()): { from: string; to: string } {
  const today = berlinDateFormat.format(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { from: dateOfDay(dayOfUtc(year, month - 1 - 11, 1)), to: today };
}

/** The weeks or months of the period, each cut to it, and the German midnight each starts at. */
function bucketsOf(period: TPeriod): { buckets: TStatsBucket[]; starts: number[] } {
  const buckets: TStatsBucket[] = [];
  const starts: number[] = [];
  let currentKey = Number.NaN;
  for (let day = period.fromDay; day <= period.toDay; day++) {
    const date = new Date(day * DAY_MS);
    // Weeks start on Monday (ISO 8601).
    const key =
      period.granularity === 'week'
        ? day - ((date.getUTCDay() + 6) % 7)
        : dayOfUtc(date.getUTCFullYear(), date.getUTCMonth(), 1);
    if (key !== currentKey) {
      currentKey = key;
      buckets.push({ start: dateOfDay(day), end: '', registrations: 0, started: 0, completed: 0, certificates: 0 });
      starts.push(berlinMidnight(day));
    }
    (buckets.at(-1) as TStatsBucket).end = dateOfDay(day);
  }
  return { buckets, starts };
}

type TBucketRow = { n: number } & Record<`b${number}`, number | null>;

/**
 * Counts per bucket in the pass that filters the period: `count(*)` and, from the second bucket
 * on, the rows before its start; differences give the buckets. A GROUP BY over the day would sort
 * every row, which costs more than a dozen comparisons. `column` is ours, never input.
 */
function bucketSums(column: string, starts: number[]) {
  const cumulative = starts
    .slice(1)
    .map(
      (start, index) =>
        sql`sum(case when ${sql.raw(column)} < ${start} then 1 else 0 end) as ${sql.raw(`b${index + 1}`)}`,
    );
  return sql.join([sql`count(*) as n`, ...cumulative], sql`, `);
}

/**
 * The same over the hourly summary (`stats_progress_hours`): sums of a count column instead of
 * counts of rows, with hours instead of timestamps. `column` is ours, never input.
 */
function hourBucketSums(column: 'started' | 'completed', hourStarts: number[]) {
  const cumulative = hourStarts
    .slice(1)
    .map(
      (hour, index) =>
        sql`sum(case when hour < ${hour} then ${sql.raw(column)} else 0 end) as ${sql.raw(`b${index + 1}`)}`,
    );
  return sql.join([sql`coalesce(sum(${sql.raw(column)}), 0) as n`, ...cumulative], sql`, `);
}

/** The counts per bucket from a row of `bucketSums` or `hourBucketSums`. */
function perBucket(row: TBucketRow | undefined, buckets: number): number[] {
  const below = (index: number) => (index === 0 ? 0 : index === buckets ? (row?.n ?? 0) : (row?.[`b${index}`] ?? 0));
  return Array.from({ length: buckets }, (_, index) => below(index + 1) - below(index));
}

// ── Figures ──────────────────────────────────────────────────────────────────────────────────

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/**
 * The admin statistics for a period (ADR 017; how it stays fast: ADR 021). The per-course and
 * per-hour progress figures and the people counts come from the summary tables that triggers keep
 * in step with every write (migration 0008), so no query reads the million-row tables whole:
 * registrations and certificates are index ranges of the period, AVV acceptances a walk over the
 * owners who accepted, active companies a range of their latest saves (or, for a period that ends
 * in the past, one index look-up per company). Nothing per row in JS. Measured on the
 * load data set (`npm run db:generate-load`: 20,000 companies, 1.5 million progress rows) in
 * `npm run bench`.
 */
export async function overallStats(db: TDb, input: TOverallStatsInput, now = new Date()): Promise<TOverallStats> {
  const period = resolvePeriod(input.from, input.to);
  const { startMs: start, endMs: end } = period;
  const { buckets, starts } = bucketsOf(period);
  // German midnights fall on whole UTC hours (whole-hour offsets since 1893), so the period and
  // its buckets are exact ranges of the summary's hours.
  const [fromHour, toHour] = [start / HOUR_MS, end / HOUR_MS];
  const hourStarts = starts.map((ms) => ms / HOUR_MS);
  const addToSeries = (
    row: TBucketRow | undefined,
    field: 'registrations' | 'started' | 'completed' | 'certificates',
  ) =>
    perBucket(row, buckets.length).forEach((count, index) => {
      (buckets[index] as TStatsBucket)[field] += count;
    });

  const [companyCount] = await rawRows<{ total: number }>(db, sql`select count(*) as total from companies`);
  // Built by drizzle so the flag is a bound value (1 on SQLite, true on PostgreSQL): both then
  // walk the partial index of the owners who accepted (users_avv_accepted_idx).
  const [avv] = await db
    .select({ n: count() })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(users.orderProcessingAccepted, true));
  const [registered] = await rawRows<TBucketRow>(
    db,
    sql`
    select ${bucketSums('created_at', starts)} from companies where created_at >= ${start} and created_at < ${end}`,
  );
  addToSeries(registered, 'registrations');

  const [employees] = await rawRows<{ total: number; activated: number }>(
    db,
    sql`
    select employees as total, activated from stats_people where id = 1`,
  );

  // Companies with progress saved in the period. When nothing was saved after its end (a period
  // up to today), that is every company whose latest save is not before its start; else one index
  // look-up per company.
  const [latest] = await rawRows<{ latest: number | null }>(
    db,
    sql`select max(last_progress_at) as latest from stats_company_activity`,
  );
  const [active] =
    (latest?.latest ?? Number.NEGATIVE_INFINITY) < end
      ? await rawRows<{ n: number }>(
          db,
          sql`
          select count(*) as n from stats_company_activity where last_progress_at >= ${start}`,
        )
      : await rawRows<{ n: number }>(
          db,
          sql`
          select count(*) as n from companies c
           where exists (select 1 from course_progress p
                          where p.company_id = c.id and p.updated_at >= ${start} and p.updated_at < ${end})`,
        );
  const [started] = await rawRows<TBucketRow>(
    db,
    sql`
    select ${hourBucketSums('started', hourStarts)} from stats_progress_hours
     where hour >= ${fromHour} and hour < ${toHour}`,
  );
  addToSeries(started, 'started');
  const [completed] = await rawRows<TBucketRow>(
    db,
    sql`
    select ${hourBucketSums('completed', hourStarts)} from stats_progress_hours
     where hour >= ${fromHour} and hour < ${toHour}`,
  );
  addToSeries(completed, 'completed');

  const certificates = await rawRows<TBucketRow & { kind: 'personal' | 'company' }>(
    db,
    sql`
    select kind, ${bucketSums('issued_at', starts)} from certificates
     where kind in ('personal', 'company') and issued_at >= ${start} and issued_at < ${end} group by kind`,
  );
  const certificatesByKind = { personal: 0, company: 0 };
  for (const row of certificates) {
    certificatesByKind[row.kind] += row.n;
    addToSeries(row, 'certificates');
  }

  // Current per-course counts (all progress, also in courses revoked since: ADR 017) and the
  // period's completions, one range of hours per catalog course.
  const slugs = [...courseCatalog().keys()];
  const counts = await rawRows<{ slug: string; assigned: number; started: number; completed: number }>(
    db,
    sql`
    select course_slug as slug, assigned, started, completed from stats_course_counts`,
  );
  const inPeriod = await rawRows<{ slug: string; n: number }>(
    db,
    sql`
    select course_slug as slug, sum(completed) as n from stats_course_completions
     where course_slug in (${sql.join(
       slugs.map((slug) => sql`${slug}`),
       sql`, `,
     )}) and hour >= ${fromHour} and hour < ${toHour}
     group by course_slug`,
  );
  const countsBySlug = new Map(counts.map((row) => [row.slug, row]));
  const inPeriodBySlug = new Map(inPeriod.map((row) => [row.slug, row.n]));

  const total = companyCount?.total ?? 0;
  const avvAccepted = avv?.n ?? 0;
  const employeeTotal = employees?.total ?? 0;
  const activated = employees?.activated ?? 0;
  const lang = input.lang ?? 'de';
  return {
    period: { from: period.from, to: period.to, granularity: period.granularity },
    generatedAt: now.toISOString(),
    companies: {
      total,
      registered: registered?.n ?? 0,
      active: active?.n ?? 0,
      avvAccepted,
      avvAcceptanceRate: rate(avvAccepted, total),
    },
    employees: { total: employeeTotal, activated, invited: employeeTotal - activated },
    trainings: {
      started: started?.n ?? 0,
      completed: completed?.n ?? 0,
    },
    certificates: { ...certificatesByKind, total: certificatesByKind.personal + certificatesByKind.company },
    courses: [...courseCatalog().values()].map((course) => {
      const current = countsBySlug.get(course.meta.slug);
      return {
        slug: course.meta.slug,
        title: course.text[lang].title,
        assigned: current?.assigned ?? 0,
        started: current?.started ?? 0,
        completed: current?.completed ?? 0,
        completedInPeriod: inPeriodBySlug.get(course.meta.slug) ?? 0,
      };
    }),
    series: buckets,
  };
}
