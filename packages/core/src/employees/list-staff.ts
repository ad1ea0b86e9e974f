import {
  absences,
  and,
  asc,
  count,
  courseAssignments,
  courseProgress,
  desc,
  eq,
  gte,
  inArray,
  ne,
  or,
  sql,
  type TDb,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { escapeLike, type TSqlWrapper, textAsSqlite } from './text-as-sqlite.ts';

export const STAFF_SORTS = ['lastname', 'firstname', 'email', 'team', 'role', 'status', 'progress'] as const;
export type TStaffSort = (typeof STAFF_SORTS)[number];

export interface TStaffQuery {
  search?: string | undefined;
  /** Only the people of this team (exact, as `companyTeams` lists it). */
  team?: string | undefined;
  sort?: TStaffSort | undefined;
  direction?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export interface TStaffRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  /** '' when the person has no team. */
  team: string;
  role: 'employer' | 'manager' | 'employee';
  /** invited: no password yet; active: signed in at least once. */
  status: 'invited' | 'active';
  locked: boolean;
  assignedCourses: number;
  completedCourses: number;
  /** Completed / assigned, 0-100 (0 when nothing is assigned). */
  progressPercent: number;
  createdAt: string;
  /** A current or planned absence (ADR 033), calendar days. */
  absence: { startsOn: string; endsOn: string } | null;
}

/**
 * The company's people for `/users`: search over name and email, sort and page in SQL, so a
 * company of 5,000 answers from one indexed query plus one count. The search and the order are
 * the same on SQLite and PostgreSQL: the term is lower-cased in JavaScript, the columns with
 * `lower()` changing A-Z only, so `like` compares lower case with lower case on both (it ignores
 * ASCII case on SQLite and none on PostgreSQL).
 */
export async function listStaff(db: TDb, companyId: string, query: TStaffQuery = {}, now = new Date()) {
  const pageSize = query.pageSize ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const assigned = db
    .select({ userId: courseAssignments.userId, n: sql<number>`count(*)`.as('assigned_n') })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .where(eq(users.companyId, companyId))
    .groupBy(courseAssignments.userId)
    .as('assigned');
  const completed = db
    .select({ userId: courseProgress.userId, n: sql<number>`count(*)`.as('completed_n') })
    .from(courseProgress)
    .innerJoin(
      courseAssignments,
      and(
        eq(courseAssignments.userId, courseProgress.userId),
        eq(courseAssignments.courseSlug, courseProgress.courseSlug),
      ),
    )
    .where(and(eq(courseProgress.companyId, companyId), eq(courseProgress.status, 'completed')))
    .groupBy(courseProgress.userId)
    .as('completed');

  const text = (column: TSqlWrapper) => textAsSqlite(db, column);
  const term = query.search?.trim();
  const pattern = term ? `%${escapeLike(term.toLowerCase())}%` : undefined;
  const where = and(
    eq(users.companyId, companyId),
    ne(users.role, 'admin'),
    pattern
      ? or(
          sql`lower(${text(users.firstname)}) like ${pattern} escape '\\'`,
          sql`lower(${text(users.lastname)}) like ${pattern} escape '\\'`,
          sql`lower(${text(sql`${users.firstname} || ' ' || ${users.lastname}`)}) like ${pattern} escape '\\'`,
          sql`lower(${text(users.email)}) like ${pattern} escape '\\'`,
          sql`lower(${text(users.team)}) like ${pattern} escape '\\'`,
        )
      : undefined,
    query.team === undefined ? undefined : eq(users.team, query.team),
  );
  const assignedCount = sql<number>`coalesce(${assigned.n}, 0)`;
  const completedCount = sql<number>`coalesce(${completed.n}, 0)`;
  const percent = sql<number>`case when ${assignedCount} = 0 then 0 else (100 * ${completedCount}) / ${assignedCount} end`;
  const order = query.direction === 'desc' ? desc : asc;
  const sortColumn = {
    lastname: sql`lower(${text(users.lastname)})`,
    firstname: sql`lower(${text(users.firstname)})`,
    email: text(users.email),
    team: sql`lower(${text(users.team)})`,
    role: text(users.role),
    status: users.active,
    progress: percent,
  }[query.sort ?? 'lastname'];

  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      team: users.team,
      role: users.role,
      active: users.active,
      locked: users.locked,
      createdAt: users.createdAt,
      assignedCourses: assignedCount,
      completedCourses: completedCount,
      progressPercent: percent,
    })
    .from(users)
    .leftJoin(assigned, eq(assigned.userId, users.id))
    .leftJoin(completed, eq(completed.userId, users.id))
    .where(where)
    .orderBy(order(sortColumn), asc(sql`lower(${text(users.lastname)})`), asc(text(users.id)))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  const total = counted?.n ?? 0;
  const absenceOf = await currentAbsences(
    db,
    rows.map((row) => row.id),
    berlinDay(now),
  );

  return {
    items: rows.map(
      ({ active, createdAt, ...row }): TStaffRow => ({
        ...row,
        role: row.role as TStaffRow['role'],
        status: active ? 'active' : 'invited',
        createdAt: createdAt.toISOString(),
        absence: absenceOf.get(row.id) ?? null,
      }),
    ),
    total,
    page,
    pageSize,
  };
}

/** Per person, the absence that runs today or starts first after it. */
async function currentAbsences(db: TDb, userIds: string[], today: string) {
  const result = new Map<string, { startsOn: string; endsOn: string }>();
  if (userIds.length === 0) return result;
  // In slices, so a whole company stays below the databases' limits on bound parameters.
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .select({ userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
      .from(absences)
      .where(and(inArray(absences.userId, userIds.slice(start, start + 500)), gte(absences.endsOn, today)))
      .orderBy(asc(absences.startsOn));
    for (const row of rows) {
      if (!result.has(row.userId)) result.set(row.userId, { startsOn: row.startsOn, endsOn: row.endsOn });
    }
  }
  return result;
}

/** Slugs assigned to each of the given people (for the course matrix). */
export async function assignmentsOf(db: TDb, userIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: courseAssignments.userId, slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(inArray(courseAssignments.userId, userIds));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.slug]);
  return result;
}
