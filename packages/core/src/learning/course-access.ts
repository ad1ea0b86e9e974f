import type { TLoadedCourse } from '@portal/content';
import { and, courseAssignments, courseProgress, eq, type TDb } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { findCourse } from './catalog.ts';

export type TProgressRow = typeof courseProgress.$inferSelect;

/**
 * A learner may open a course only when it is assigned to them. Anything else (unknown slug,
 * not assigned, admin) answers 404, exactly like a course that does not exist.
 */
export function assignedCourse(db: TDb, learner: TSessionUser, slug: string): TLoadedCourse {
  const course = findCourse(slug);
  if (!course || learner.role === 'admin' || !learner.companyId) throw notFound();
  const assignment = db
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(and(eq(courseAssignments.userId, learner.id), eq(courseAssignments.courseSlug, course.meta.slug)))
    .get();
  if (!assignment) throw notFound();
  return course;
}

export function findProgress(db: TDb, userId: string, slug: string): TProgressRow | undefined {
  return db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseSlug, slug)))
    .get();
}
