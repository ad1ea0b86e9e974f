import type { TPersonalCertificateContent } from '@portal/certificates';
import type { TCourseLanguage } from '@portal/content';
import { courseProgress, eq, type TDb } from '@portal/db';
import { CERTIFICATE_MIN_COURSES } from '@portal/validators';
import { courseCatalog } from '../learning/catalog.ts';
import { assignedSlugs } from '../learning/progress.ts';

export interface TCertificateCourseState {
  slug: string;
  title: string;
  status: 'not_started' | 'started' | 'completed';
  completedAt: string | null;
}

/**
 * Spec §9 / DECISIONS.md: a person earns the personal certificate when every assigned course is
 * completed and at least six are. Courses that left the catalog do not count either way.
 */
export async function personalEligibility(db: TDb, userId: string, lang: TCourseLanguage) {
  const catalog = courseCatalog();
  const rows = await db
    .select({
      slug: courseProgress.courseSlug,
      status: courseProgress.status,
      completedAt: courseProgress.completedAt,
    })
    .from(courseProgress)
    .where(eq(courseProgress.userId, userId));
  const progress = new Map(rows.map((row) => [row.slug, row]));
  const courses: (TCertificateCourseState & { titles: { de: string; en: string } })[] = (
    await assignedSlugs(db, userId)
  ).map((slug) => {
    const course = catalog.get(slug as never);
    const row = progress.get(slug);
    const titles = { de: course?.text.de.title ?? slug, en: course?.text.en.title ?? slug };
    const completed = row?.status === 'completed' && row.completedAt;
    return {
      slug,
      title: titles[lang],
      titles,
      status: completed ? 'completed' : row ? 'started' : 'not_started',
      completedAt: completed ? (row.completedAt?.toISOString() ?? null) : null,
    };
  });
  const completed = courses.filter((course) => course.status === 'completed');
  const eligible = completed.length === courses.length && completed.length >= CERTIFICATE_MIN_COURSES;
  return {
    eligible,
    minimum: CERTIFICATE_MIN_COURSES,
    assignedCount: courses.length,
    completedCount: completed.length,
    /** What the person still needs: open assigned courses (the page lists them). */
    missing: courses.filter((course) => course.status !== 'completed'),
    courses,
    /** Courses for the certificate, oldest completion first. */
    certificateCourses: completed
      .map((course): TPersonalCertificateContent['courses'][number] => ({
        slug: course.slug,
        title: course.titles,
        completedAt: course.completedAt ?? '',
      }))
      .sort((a, b) => a.completedAt.localeCompare(b.completedAt)),
  };
}
