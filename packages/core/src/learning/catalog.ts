import { loadCourses, type TCourseSlug, type TLoadedCourse } from '@portal/content';
import { courses, inArray, sql, type TDatabase, type TTransaction, transaction } from '@portal/db';

let cached: Map<TCourseSlug, TLoadedCourse> | undefined;

/**
 * The twelve courses from `content/courses`, validated once per process. The files are the source
 * of truth for text and quiz keys; the database keeps progress and the synced course rows.
 */
export function courseCatalog(): Map<TCourseSlug, TLoadedCourse> {
  cached ??= loadCourses();
  return cached;
}

export function findCourse(slug: string): TLoadedCourse | undefined {
  return courseCatalog().get(slug as TCourseSlug);
}

/** `excluded."column"`: the value the upsert tried to insert (the same spelling on both databases). */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

/**
 * Upserts every course of the catalog into `courses` and marks rows whose folder is gone as
 * inactive. Runs at start, in one transaction, so readers never see half a catalog. Given a
 * transaction, it runs inside it (a savepoint).
 *
 * Several processes may start at once: the upsert is one statement keyed on the unique slug, so
 * the second process waits for the first one's rows and updates them instead of inserting twice,
 * and both take the rows in slug order, so they cannot deadlock.
 */
export async function syncCourses(
  db: TDatabase | TTransaction,
  catalog = courseCatalog(),
  now = new Date(),
): Promise<{ synced: number; retired: number }> {
  const rows = [...catalog.values()]
    .map((course) => ({
      slug: course.meta.slug,
      image: course.meta.image,
      section: course.meta.section,
      titleDe: course.text.de.title,
      titleEn: course.text.en.title,
      version: course.meta.version,
      estimatedMinutes: course.meta.estimatedMinutes,
      slideCount: course.text.de.slides.length,
      active: true,
      syncedAt: now,
    }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  // Read committed: one upsert per slug decides a race between processes; the retiring update
  // only touches rows no catalog has (ADR 028).
  return transaction(db, async (tx) => {
    if (rows.length > 0) {
      await tx
        .insert(courses)
        .values(rows)
        .onConflictDoUpdate({
          target: courses.slug,
          set: {
            image: excluded(courses.image),
            section: excluded(courses.section),
            titleDe: excluded(courses.titleDe),
            titleEn: excluded(courses.titleEn),
            version: excluded(courses.version),
            estimatedMinutes: excluded(courses.estimatedMinutes),
            slideCount: excluded(courses.slideCount),
            active: excluded(courses.active),
            syncedAt: excluded(courses.syncedAt),
          },
        });
    }
    const known = await tx.select({ slug: courses.slug }).from(courses);
    const gone = known.map((c) => c.slug).filter((slug) => !catalog.has(slug as TCourseSlug));
    let retired = 0;
    if (gone.length > 0) {
      const changed = await tx
        .update(courses)
        .set({ active: false, syncedAt: now })
        .where(inArray(courses.slug, gone))
        .returning({ slug: courses.slug });
      retired = changed.length;
    }
    return { synced: catalog.size, retired };
  });
}
