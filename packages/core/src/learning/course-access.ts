import type { TLoadedCourse } from '@portal/content';
import { and, courseAssignments, courseProgress, eq, preparedQuery, sql, type TDb } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { findCourse } from './catalog.ts';

export type TProgressRow = typeof courseProgress.$inferSelect;

/**
 * A learner may open a course only when it is assigned to them. Anything else (unknown slug,
 * not assigned, admin) answers 404. The message tells an unknown course from one that is not
 * assigned, so the page can say which: the twelve courses are public (spec §1), so this reveals
 * nothing about anyone's company.
 */
export function assignedCourse(db: TDb, learner: TSessionUser, slug: string): TLoadedCourse {
  const course = findCourse(slug);
  if (!course) throw notFound('training.unknown_course');
  if (learner.role === 'admin' || !learner.companyId) throw notFound();
  if (!assignmentOf(db).get({ userId: learner.id, slug: course.meta.slug })) throw notFound('training.not_found');
  return course;
}

export function findProgress(db: TDb, userId: string, slug: string): TProgressRow | undefined {
  return progressOf(db).get({ userId, slug });
}

// Both run on every learning request (open, save, quiz), so they are prepared once per connection.
const assignmentOf = preparedQuery((db) =>
  db
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(
      and(
        eq(courseAssignments.userId, sql.placeholder('userId')),
        eq(courseAssignments.courseSlug, sql.placeholder('slug')),
      ),
    )
    .prepare(),
);

const progressOf = preparedQuery((db) =>
  db
    .select()
    .from(courseProgress)
    .where(
      and(eq(courseProgress.userId, sql.placeholder('userId')), eq(courseProgress.courseSlug, sql.placeholder('slug'))),
    )
    .prepare(),
);
