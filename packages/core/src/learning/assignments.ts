import { and, courseAssignments, eq, inArray, ne, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { notFound } from '../errors.ts';
import { findCourse } from './catalog.ts';

function requireCourse(slug: string) {
  const course = findCourse(slug);
  if (!course) throw notFound();
  return course.meta.slug;
}

/** A customer of the caller's company; anyone else answers 404 (DECISIONS.md tenancy). */
async function requireMember(db: TDb, companyId: string, userId: string) {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), ne(users.role, 'admin')));
  if (!member) throw notFound();
  return member.id;
}

/** The company's customers (no admins), as a subquery. */
const memberIds = (db: TDb, companyId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.role, 'admin')));

/** /trainings/assign: one course to one person of the company; assigning twice is harmless. */
export async function assignCourse(db: TDatabase, companyId: string, input: { trainingSlug: string; ownerId: string }) {
  const slug = requireCourse(input.trainingSlug);
  // Read committed: the member check reads one row; a second assignment at the same moment is
  // absorbed by `on conflict do nothing` on the (user, course) key (ADR 028).
  const userId = await transaction(db, async (tx) => {
    const member = await requireMember(tx, companyId, input.ownerId);
    await tx.insert(courseAssignments).values({ userId: member, courseSlug: slug }).onConflictDoNothing();
    return member;
  });
  return { trainingSlug: slug, ownerId: userId, assigned: true };
}

/** /trainings/revoke: the course leaves the person's list; their progress is kept for the record. */
export async function revokeCourse(db: TDatabase, companyId: string, input: { trainingSlug: string; ownerId: string }) {
  const slug = requireCourse(input.trainingSlug);
  // Read committed: one delete by key; deleting twice changes nothing the second time (ADR 028).
  const userId = await transaction(db, async (tx) => {
    const member = await requireMember(tx, companyId, input.ownerId);
    await tx
      .delete(courseAssignments)
      .where(and(eq(courseAssignments.userId, member), eq(courseAssignments.courseSlug, slug)));
    return member;
  });
  return { trainingSlug: slug, ownerId: userId, assigned: false };
}

/** /trainings/assign-to-all: everyone in the company, in one transaction. */
export async function assignCourseToAll(db: TDatabase, companyId: string, input: { trainingSlug: string }) {
  const slug = requireCourse(input.trainingSlug);
  // Read committed: `on conflict do nothing` absorbs assignments made at the same moment, and
  // `changed` counts only the rows this call inserted (ADR 028).
  return transaction(db, async (tx) => {
    const ids = (await memberIds(tx, companyId)).map((member) => member.id);
    let changed = 0;
    // In slices, so a large company stays below the databases' limits on bound parameters.
    for (let start = 0; start < ids.length; start += 500) {
      const inserted = await tx
        .insert(courseAssignments)
        .values(ids.slice(start, start + 500).map((userId) => ({ userId, courseSlug: slug })))
        .onConflictDoNothing()
        .returning({ userId: courseAssignments.userId });
      changed += inserted.length;
    }
    return { trainingSlug: slug, changed };
  });
}

/** /trainings/revoke-for-all. */
export async function revokeCourseForAll(db: TDatabase, companyId: string, input: { trainingSlug: string }) {
  const slug = requireCourse(input.trainingSlug);
  // Read committed: one delete statement; rows another request deleted first are not counted (ADR 028).
  return transaction(db, async (tx) => {
    const deleted = await tx
      .delete(courseAssignments)
      .where(and(eq(courseAssignments.courseSlug, slug), inArray(courseAssignments.userId, memberIds(tx, companyId))))
      .returning({ userId: courseAssignments.userId });
    return { trainingSlug: slug, changed: deleted.length };
  });
}
