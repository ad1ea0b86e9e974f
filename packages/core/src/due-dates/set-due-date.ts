import {
  and,
  courseAssignments,
  courseDueDates,
  eq,
  ne,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { DomainError, notFound } from '../errors.ts';
import { findCourse } from '../learning/catalog.ts';

export interface TSetDueDateInput {
  trainingSlug: string;
  /** `YYYY-MM-DD`, today or later; null removes the date. */
  dueOn: string | null;
  /** One person's own date; without it the course's date for the whole company. */
  ownerId?: string;
}

/** A due date must not lie in the past (issue 22): a reminder for a day gone by helps nobody. */
export function assertNotPast(dueOn: string | null, now: Date): void {
  if (dueOn !== null && dueOn < berlinDay(now)) throw new DomainError('BAD_REQUEST', 'due_dates.date_in_past');
}

async function setPersonal(tx: TTransaction, companyId: string, slug: string, ownerId: string, dueOn: string | null) {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.companyId, companyId), ne(users.role, 'admin')));
  if (!member) throw notFound();
  const changed = await tx
    .update(courseAssignments)
    .set({ dueOn })
    .where(and(eq(courseAssignments.userId, member.id), eq(courseAssignments.courseSlug, slug)))
    .returning({ userId: courseAssignments.userId });
  if (changed.length === 0) throw new DomainError('BAD_REQUEST', 'due_dates.not_assigned');
}

/**
 * The employer (or a manager) sets or removes a course's due date, for the whole company or for one
 * person who has the course assigned (ADR 033).
 */
export async function setDueDate(db: TDatabase, companyId: string, input: TSetDueDateInput, now: Date) {
  const course = findCourse(input.trainingSlug);
  if (!course) throw notFound();
  const slug = course.meta.slug;
  assertNotPast(input.dueOn, now);
  // Read committed: one row per (company, course) or per assignment, written by key; two requests
  // at once leave the later one's date (ADR 028).
  await transaction(db, async (tx) => {
    if (input.ownerId !== undefined) return setPersonal(tx, companyId, slug, input.ownerId, input.dueOn);
    if (input.dueOn === null) {
      await tx
        .delete(courseDueDates)
        .where(and(eq(courseDueDates.companyId, companyId), eq(courseDueDates.courseSlug, slug)));
      return;
    }
    await tx
      .insert(courseDueDates)
      .values({ companyId, courseSlug: slug, dueOn: input.dueOn, updatedAt: now })
      .onConflictDoUpdate({
        target: [courseDueDates.companyId, courseDueDates.courseSlug],
        set: { dueOn: input.dueOn, updatedAt: now },
      });
  });
  return { trainingSlug: slug, ownerId: input.ownerId ?? null, dueOn: input.dueOn };
}

/** The company's due date per course (`YYYY-MM-DD`), for the course settings. */
export async function courseDueDatesOf(db: TDb, companyId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ slug: courseDueDates.courseSlug, dueOn: courseDueDates.dueOn })
    .from(courseDueDates)
    .where(eq(courseDueDates.companyId, companyId));
  return Object.fromEntries(rows.map((row) => [row.slug, row.dueOn]));
}
