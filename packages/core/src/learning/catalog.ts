import { loadCourses, type TCourseSlug, type TLoadedCourse } from '@portal/content';
import { courses, inArray, type TDb } from '@portal/db';

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

/**
 * Upserts every course of the catalog into `courses` and marks rows whose folder is gone as
 * inactive. Runs at start, in one transaction, so readers never see half a catalog.
 */
export function syncCourses(db: TDb, catalog = courseCatalog(), now = new Date()): { synced: number; retired: number } {
  let retired = 0;
  for (const course of catalog.values()) {
    const row = {
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
    };
    db.insert(courses).values(row).onConflictDoUpdate({ target: courses.slug, set: row }).run();
  }
  const known = db.select({ slug: courses.slug }).from(courses).all();
  const gone = known.map((c) => c.slug).filter((slug) => !catalog.has(slug as TCourseSlug));
  if (gone.length > 0) {
    retired = db.update(courses).set({ active: false, syncedAt: now }).where(inArray(courses.slug, gone)).run().changes;
  }
  return { synced: catalog.size, retired };
}
