import type { TLoadedCourse } from '@portal/content';
import {
  and,
  courseAssignments,
  courseProgress,
  eq,
  preparedQuery,
  selectForUpdate,
  sql,
  type TDb,
  type TTransaction,
} from '@portal/db';
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
export async function assignedCourse(db: TDb, learner: TSessionUser, slug: string): Promise<TLoadedCourse> {
  const course = findCourse(slug);
  if (!course) throw notFound('training.unknown_course');
  if (learner.role === 'admin' || !learner.companyId) throw notFound();
  const [assignment] = await assignmentOf(db).execute({ userId: learner.id, slug: course.meta.slug });
  if (!assignment) throw notFound('training.not_found');
  return course;
}

export async function findProgress(db: TDb, userId: string, slug: string): Promise<TProgressRow | undefined> {
  const [row] = await progressOf(db).execute({ userId, slug });
  return row;
}

/**
 * The progress row for a read-then-write that must see the latest committed row and keep it to
 * itself until its transaction ends (quiz, repeat module): on PostgreSQL the row is locked
 * (`for update`), so a second request for the same learner and course waits and then reads what
 * the first one wrote. On SQLite the transaction already holds the database's only write lock.
 */
export async function lockProgress(tx: TTransaction, userId: string, slug: string): Promise<TProgressRow | undefined> {
  const query = tx
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseSlug, slug)));
  const [row] = await selectForUpdate(tx, query);
  return row;
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
    .prepare('learning_assignment_of_user_course'),
);

const progressOf = preparedQuery((db) =>
  db
    .select()
    .from(courseProgress)
    .where(
      and(eq(courseProgress.userId, sql.placeholder('userId')), eq(courseProgress.courseSlug, sql.placeholder('slug'))),
    )
    .prepare('learning_progress_of_user_course'),
);
