import { and, courseAssignments, eq, inArray, ne, type TDatabase, type TDb, users } from '@portal/db';
import { notFound } from '../errors.ts';
import { findCourse } from './catalog.ts';

function requireCourse(slug: string) {
  const course = findCourse(slug);
  if (!course) throw notFound();
  return course.meta.slug;
}

/** A customer of the caller's company; anyone else answers 404 (DECISIONS.md tenancy). */
function requireMember(db: TDb, companyId: string, userId: string) {
  const member = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), ne(users.role, 'admin')))
    .get();
  if (!member) throw notFound();
  return member.id;
}

const memberIds = (db: TDb, companyId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.role, 'admin')))
    .all()
    .map((u) => u.id);

/** /trainings/assign: one course to one person of the company; assigning twice is harmless. */
export function assignCourse(db: TDatabase, companyId: string, input: { trainingSlug: string; ownerId: string }) {
  const slug = requireCourse(input.trainingSlug);
  const userId = requireMember(db, companyId, input.ownerId);
  db.insert(courseAssignments).values({ userId, courseSlug: slug }).onConflictDoNothing().run();
  return { trainingSlug: slug, ownerId: userId, assigned: true };
}

/** /trainings/revoke: the course leaves the person's list; their progress is kept for the record. */
export function revokeCourse(db: TDatabase, companyId: string, input: { trainingSlug: string; ownerId: string }) {
  const slug = requireCourse(input.trainingSlug);
  const userId = requireMember(db, companyId, input.ownerId);
  db.delete(courseAssignments)
    .where(and(eq(courseAssignments.userId, userId), eq(courseAssignments.courseSlug, slug)))
    .run();
  return { trainingSlug: slug, ownerId: userId, assigned: false };
}

/** /trainings/assign-to-all: everyone in the company, in one transaction. */
export function assignCourseToAll(db: TDatabase, companyId: string, input: { trainingSlug: string }) {
  const slug = requireCourse(input.trainingSlug);
  return db.transaction((tx) => {
    const ids = memberIds(tx, companyId);
    let changed = 0;
    for (const userId of ids) {
      changed += tx.insert(courseAssignments).values({ userId, courseSlug: slug }).onConflictDoNothing().run().changes;
    }
    return { trainingSlug: slug, changed };
  });
}

/** /trainings/revoke-for-all. */
export function revokeCourseForAll(db: TDatabase, companyId: string, input: { trainingSlug: string }) {
  const slug = requireCourse(input.trainingSlug);
  return db.transaction((tx) => {
    const ids = memberIds(tx, companyId);
    const changed =
      ids.length === 0
        ? 0
        : tx
            .delete(courseAssignments)
            .where(and(eq(courseAssignments.courseSlug, slug), inArray(courseAssignments.userId, ids)))
            .run().changes;
    return { trainingSlug: slug, changed };
  });
}
