import { minReadingSeconds, type TCourseLanguage, type TLoadedCourse } from '@portal/content';
import {
  and,
  asc,
  courseAssignments,
  courseProgress,
  eq,
  ne,
  preparedQuery,
  sql,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { courseCatalog } from './catalog.ts';
import { assignedCourse, findProgress, type TProgressRow } from './course-access.ts';
import { progressView, type TProgressView } from './progress-view.ts';

/**
 * Finds or starts the learner's progress in a course already checked by `assignedCourse`. Two
 * first saves racing on PostgreSQL both find no row; the unique index on user and course lets one
 * insert win, the other's `on conflict do nothing` waits for it and inserts nothing, and it then
 * reads the winner's row (a new statement at read committed sees it once committed).
 */
async function ensureProgress(
  tx: TTransaction,
  learner: TSessionUser,
  course: TLoadedCourse,
  now: Date,
): Promise<TProgressRow> {
  const existing = await findProgress(tx, learner.id, course.meta.slug);
  if (existing) return existing;
  const [created] = await tx
    .insert(courseProgress)
    .values({
      userId: learner.id,
      companyId: learner.companyId as string, // assignedCourse refuses learners without a company
      courseSlug: course.meta.slug,
      contentVersion: course.meta.version,
      startedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [courseProgress.userId, courseProgress.courseSlug] })
    .returning();
  if (created) return created;
  const raced = await findProgress(tx, learner.id, course.meta.slug);
  if (!raced) throw new Error(`progress of ${learner.id} in ${course.meta.slug} neither inserted nor found`);
  return raced;
}

export async function createProgress(
  db: TDatabase,
  learner: TSessionUser,
  slug: string,
  now = new Date(),
): Promise<TProgressView> {
  // Read committed: the insert's `on conflict do nothing` on the unique (user, course) index
  // decides a race between two first visits (ADR 028).
  return transaction(db, async (tx) => {
    const course = await assignedCourse(tx, learner, slug);
    return progressView(course, await ensureProgress(tx, learner, course, now));
  });
}

export interface TSaveProgressInput {
  trainingSlug: string;
  /** The slide the learner is on now (0-based). */
  slideIndex: number;
  /** Active seconds since the last save. */
  workingSeconds: number;
  /** Seconds spent per slide since the last save. */
  slideSeconds: Record<string, number>;
}

/** Per mille of seen slides (0..maxSlideIndex) read for at least their minimum reading time. */
function attentionPermille(course: TLoadedCourse, lang: TCourseLanguage, seconds: Record<string, number>, max: number) {
  const seen = course.text[lang].slides.slice(0, max + 1);
  const attentive = seen.filter((slide) => (seconds[slide.id] ?? 0) >= minReadingSeconds(slide)).length;
  return Math.round((attentive / seen.length) * 1000);
}

/** Compare-and-set attempts per save; each failed one means another save of the row got through. */
const SAVE_ATTEMPTS = 10;

/**
 * save-progress: position, working time and time per slide; deltas are added on the server.
 *
 * Two saves of the same learner and course may race on PostgreSQL (two tabs, a retried request),
 * and neither's deltas may be lost. The working-seconds delta is added in SQL
 * (`working_seconds + delta`), so it is never computed from a stale read. The per-slide seconds
 * are JSON, which the two databases cannot merge with the same SQL, so they are merged here and
 * written with a compare-and-set: the update applies only while the row still holds the per-slide
 * seconds and the furthest slide this save read (attention is computed from both). When another
 * save committed in between, PostgreSQL re-checks the condition on the new row version, the update
 * changes nothing, and this save reads the row again and recomputes. This is the cheapest correct
 * way for the portal's most frequent write: one read and one update as before, no row lock before
 * the write, and no serializable isolation, under which every save would also abort on the
 * company's statistics row (`stats_company_activity`, kept by a trigger on `updated_at`) whenever
 * a colleague saved at the same time. On SQLite the transaction holds the only write lock, so the
 * first attempt always applies.
 */
export async function saveProgress(
  db: TDatabase,
  learner: TSessionUser,
  input: TSaveProgressInput,
  now = new Date(),
): Promise<TProgressView> {
  // Read committed: a compare-and-set update decides a race between two saves; the first save's
  // insert is decided by `on conflict do nothing` (ADR 028; see above).
  return transaction(db, async (tx) => {
    const course = await assignedCourse(tx, learner, input.trainingSlug);
    const slides = course.text.de.slides;
    if (input.slideIndex >= slides.length) throw new DomainError('BAD_REQUEST', 'training.invalid_progress');
    const known = new Set(slides.map((slide) => slide.id));
    if (Object.keys(input.slideSeconds).some((id) => !known.has(id))) {
      throw new DomainError('BAD_REQUEST', 'training.invalid_progress');
    }
    for (let attempt = 1; ; attempt += 1) {
      const row = await ensureProgress(tx, learner, course, now);
      const seconds: Record<string, number> = JSON.parse(row.slideSeconds);
      for (const [id, delta] of Object.entries(input.slideSeconds)) seconds[id] = (seconds[id] ?? 0) + delta;
      const maxSlideIndex = Math.max(row.maxSlideIndex, input.slideIndex);
      const [updated] = await savePosition(tx).execute({
        id: row.id,
        readSlideSeconds: row.slideSeconds,
        readMaxSlideIndex: row.maxSlideIndex,
        slideIndex: input.slideIndex,
        maxSlideIndex,
        workingSecondsDelta: input.workingSeconds,
        slideSeconds: JSON.stringify(seconds),
        attention: attentionPermille(course, learner.lang, seconds, maxSlideIndex),
        // Placeholders bypass drizzle's column mapping: the driver value of a timestamp column.
        updatedAt: now.getTime(),
      });
      if (updated) return progressView(course, updated);
      if (attempt >= SAVE_ATTEMPTS) {
        throw new Error(`progress ${row.id} changed under ${SAVE_ATTEMPTS} saves in a row; giving up`);
      }
    }
  });
}

// save-progress is the most frequent write (every slide change), so it is prepared once per connection.
// `preparedQuery` hands the builder a reading handle type; this statement is only ever prepared on
// the transaction `savePosition` is given, so the handle can write.
const savePositionOn = preparedQuery((db) =>
  (db as TTransaction)
    .update(courseProgress)
    .set({
      slideIndex: sql`${sql.placeholder('slideIndex')}`,
      maxSlideIndex: sql`${sql.placeholder('maxSlideIndex')}`,
      workingSeconds: sql`${courseProgress.workingSeconds} + ${sql.placeholder('workingSecondsDelta')}`,
      slideSeconds: sql`${sql.placeholder('slideSeconds')}`,
      attention: sql`${sql.placeholder('attention')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(
      and(
        eq(courseProgress.id, sql.placeholder('id')),
        // The compare-and-set: unchanged since this save read the row (see saveProgress).
        eq(courseProgress.slideSeconds, sql.placeholder('readSlideSeconds')),
        eq(courseProgress.maxSlideIndex, sql.placeholder('readMaxSlideIndex')),
      ),
    )
    .returning()
    .prepare('save_progress_position'),
);
const savePosition = (tx: TTransaction) => savePositionOn(tx);

/** get-single-progress/{slug}: the learner's own progress in one assigned course. */
export async function getSingleProgress(db: TDb, learner: TSessionUser, slug: string): Promise<TProgressView> {
  const course = await assignedCourse(db, learner, slug);
  return progressView(course, await findProgress(db, learner.id, course.meta.slug));
}

/** Slugs assigned to a user, in catalog order. */
export async function assignedSlugs(db: TDb, userId: string): Promise<string[]> {
  const assigned = new Set((await assignmentsOf(db).execute({ userId })).map((r) => r.slug));
  return [...courseCatalog().keys()].filter((slug) => assigned.has(slug));
}

/** The learner's progress rows, one per started course. */
export function progressRowsOf(db: TDb, userId: string): Promise<TProgressRow[]> {
  return progressRows(db).execute({ userId });
}

// The trainings list and the progress calls run these on every visit: prepared once per connection.
const assignmentsOf = preparedQuery((db) =>
  db
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(eq(courseAssignments.userId, sql.placeholder('userId')))
    .prepare('learning_assignments_of_user'),
);
const progressRows = preparedQuery((db) =>
  db
    .select()
    .from(courseProgress)
    .where(eq(courseProgress.userId, sql.placeholder('userId')))
    .prepare('learning_progress_rows_of_user'),
);

/** get-progress: the learner's progress in every assigned course. */
export async function getMyProgress(db: TDb, learner: TSessionUser): Promise<TProgressView[]> {
  const bySlug = new Map((await progressRowsOf(db, learner.id)).map((row) => [row.courseSlug, row]));
  const catalog = courseCatalog();
  return (await assignedSlugs(db, learner.id)).flatMap((slug) => {
    const course = catalog.get(slug as never);
    return course ? [progressView(course, bySlug.get(slug))] : [];
  });
}

export interface TCompanyMemberProgress {
  userId: string;
  firstname: string;
  lastname: string;
  role: 'employer' | 'manager' | 'employee';
  courses: TProgressView[];
}

/** get-company-progress: every member of the caller's company with their assigned courses. */
export async function getCompanyProgress(db: TDb, companyId: string): Promise<TCompanyMemberProgress[]> {
  const members = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.role, 'admin')))
    .orderBy(asc(users.lastname), asc(users.firstname));
  const assignments = await db
    .select({ userId: courseAssignments.userId, slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .where(eq(users.companyId, companyId));
  const rows = await db.select().from(courseProgress).where(eq(courseProgress.companyId, companyId));
  const progressByKey = new Map(rows.map((row) => [`${row.userId}/${row.courseSlug}`, row]));
  const assignedByUser = new Map<string, Set<string>>();
  for (const a of assignments) {
    const set = assignedByUser.get(a.userId) ?? new Set<string>();
    set.add(a.slug);
    assignedByUser.set(a.userId, set);
  }
  const catalog = courseCatalog();
  return members.map((member) => ({
    userId: member.id,
    firstname: member.firstname,
    lastname: member.lastname,
    role: member.role as TCompanyMemberProgress['role'],
    courses: [...catalog.values()]
      .filter((course) => assignedByUser.get(member.id)?.has(course.meta.slug))
      .map((course) => progressView(course, progressByKey.get(`${member.id}/${course.meta.slug}`))),
  }));
}
