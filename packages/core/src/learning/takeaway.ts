import { join } from 'node:path';
import type { TCourseLanguage } from '@portal/content';
import type { TDb } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { findCourse } from './catalog.ts';
import { findProgress } from './course-access.ts';

/**
 * The take-away sheet of a course the learner has finished (quiz passed): title, version, key
 * rules and topic picture from the content files. Before that, or for a course the learner never
 * took, it answers 404 like anything else the learner cannot download. A course unassigned after
 * finishing it stays downloadable: the learner did the work.
 */
export async function takeawayForDownload(db: TDb, learner: TSessionUser, slug: string, lang: TCourseLanguage) {
  const course = findCourse(slug);
  if (!course || learner.role === 'admin' || !learner.companyId) throw notFound();
  const progress = await findProgress(db, learner.id, course.meta.slug);
  if (progress?.status !== 'completed') throw notFound();
  const text = course.text[lang];
  return {
    slug: course.meta.slug,
    courseTitle: text.title,
    version: course.meta.version,
    keyRules: text.keyRules,
    /** Read only when the sheet is rendered (once per course and language), not per download. */
    imagePath: join(course.dir, course.meta.image),
  };
}
