import type { TCourseLanguage } from '@portal/content';
import { and, courseAssignments, courseProgress, eq, inArray, sql, type TDb, users } from '@portal/db';
import { listStaff, type TStaffQuery } from '../employees/list-staff.ts';
import { courseCatalog } from './catalog.ts';
import { courseImageUrl } from './trainings.ts';

export type TCellStatus = 'assigned' | 'started' | 'completed';

/**
 * Per course of the catalog: how many people of the company have it assigned, started and
 * completed (only assigned courses count, so a revoked course's old progress does not).
 */
export async function courseOverview(db: TDb, companyId: string, lang: TCourseLanguage) {
  const rows = await db
    .select({
      slug: courseAssignments.courseSlug,
      assigned: sql<number>`count(*)`,
      started: sql<number>`sum(case when ${courseProgress.status} is not null then 1 else 0 end)`,
      completed: sql<number>`sum(case when ${courseProgress.status} = 'completed' then 1 else 0 end)`,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(
      courseProgress,
      and(
        eq(courseProgress.userId, courseAssignments.userId),
        eq(courseProgress.courseSlug, courseAssignments.courseSlug),
      ),
    )
    .where(eq(users.companyId, companyId))
    .groupBy(courseAssignments.courseSlug);
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return [...courseCatalog().values()].map((course) => {
    const row = bySlug.get(course.meta.slug);
    return {
      slug: course.meta.slug,
      title: course.text[lang].title,
      image: courseImageUrl(course.meta.slug, course.meta.image),
      assigned: row?.assigned ?? 0,
      started: row?.started ?? 0,
      completed: row?.completed ?? 0,
    };
  });
}

/** One page of people with the status of every course for each (null: not assigned). */
export async function courseMatrix(db: TDb, companyId: string, query: TStaffQuery) {
  const page = await listStaff(db, companyId, query);
  const ids = page.items.map((person) => person.id);
  const cells = new Map<string, Record<string, TCellStatus>>();
  if (ids.length > 0) {
    const assigned = await db
      .select({ userId: courseAssignments.userId, slug: courseAssignments.courseSlug, status: courseProgress.status })
      .from(courseAssignments)
      .leftJoin(
        courseProgress,
        and(
          eq(courseProgress.userId, courseAssignments.userId),
          eq(courseProgress.courseSlug, courseAssignments.courseSlug),
        ),
      )
      .where(inArray(courseAssignments.userId, ids));
    for (const row of assigned) {
      const record = cells.get(row.userId) ?? {};
      record[row.slug] = row.status ?? 'assigned';
      cells.set(row.userId, record);
    }
  }
  return {
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    people: page.items.map((person) => ({
      id: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      role: person.role,
      courses: cells.get(person.id) ?? {},
    })),
  };
}
