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
  users,
} from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { courseCatalog } from './catalog.ts';
import { assignedCourse, findProgress, type TProgressRow } from './course-access.ts';
import { progressView, type TProgressView } from './progress-view.ts';

/** Finds or starts the learner's progress in a course already checked by `assignedCourse`. */
function ensureProgress(db: TDb, learner: TSessionUser, course: TLoadedCourse, now: Date): TProgressRow {
  const existing = findProgress(db, learner.id, course.meta.slug);
  if (existing) return existing;
  return db
    .insert(courseProgress)
    .values({
      userId: learner.id,
      companyId: learner.companyId as string, // assignedCourse refuses learners without a company
      courseSlug: course.meta.slug,
      contentVersion: course.meta.version,
      startedAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

export function createProgress(db: TDatabase, learner: TSessionUser, slug: string, now = new Date()): TProgressView {
  return db.transaction(
    (tx) => {
      const course = assignedCourse(tx, learner, slug);
      return progressView(course, ensureProgress(tx, learner, course, now));
    },
    { behavior: 'immediate' },
  );
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

/** save-progress: position, working time and time per slide; deltas are added on the server. */
export function saveProgress(db: TDatabase, learner: TSessionUser, input: TSaveProgressInput, now = new Date()) {
  return db.transaction(
    (tx) => {
      const course = assignedCourse(tx, learner, input.trainingSlug);
      const slides = course.text.de.slides;
      if (input.slideIndex >= slides.length) throw new DomainError('BAD_REQUEST', 'training.invalid_progress');
      const known = new Set(slides.map((slide) => slide.id));
      if (Object.keys(input.slideSeconds).some((id) => !known.has(id))) {
        throw new DomainError('BAD_REQUEST', 'training.invalid_progress');
      }
      const row = ensureProgress(tx, learner, course, now);
      const seconds: Record<string, number> = JSON.parse(row.slideSeconds);
      for (const [id, delta] of Object.entries(input.slideSeconds)) seconds[id] = (seconds[id] ?? 0) + delta;
      const maxSlideIndex = Math.max(row.maxSlideIndex, input.slideIndex);
      const updated = savePosition(tx).get({
        id: row.id,
        slideIndex: input.slideIndex,
        maxSlideIndex,
        workingSeconds: row.workingSeconds + input.workingSeconds,
        slideSeconds: JSON.stringify(seconds),
        attention: attentionPermille(course, learner.lang, seconds, maxSlideIndex),
        // Placeholders bypass drizzle's column mapping: the driver value of a timestamp_ms column.
        updatedAt: now.getTime(),
      });
      if (!updated) throw new Error(`progress ${row.id} vanished inside its transaction`);
      return progressView(course, updated);
    },
    { behavior: 'immediate' },
  );
}

// save-progress is the most frequent write (every slide change), so it is prepared once per connection.
const savePosition = preparedQuery((db) =>
  db
    .update(courseProgress)
    .set({
      slideIndex: sql`${sql.placeholder('slideIndex')}`,
      maxSlideIndex: sql`${sql.placeholder('maxSlideIndex')}`,
      workingSeconds: sql`${sql.placeholder('workingSeconds')}`,
      slideSeconds: sql`${sql.placeholder('slideSeconds')}`,
      attention: sql`${sql.placeholder('attention')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(eq(courseProgress.id, sql.placeholder('id')))
    .returning()
    .prepare(),
);

/** get-single-progress/{slug}: the learner's own progress in one assigned course. */
export function getSingleProgress(db: TDb, learner: TSessionUser, slug: string): TProgressView {
  const course = assignedCourse(db, learner, slug);
  return progressView(course, findProgress(db, learner.id, course.meta.slug));
}

/** Slugs assigned to a user, in catalog order. */
export function assignedSlugs(db: TDb, userId: string): string[] {
  const assigned = new Set(
    assignmentsOf(db)
      .all({ userId })
      .map((r) => r.slug),
  );
  return [...courseCatalog().keys()].filter((slug) => assigned.has(slug));
}

/** The learner's progress rows, one per started course. */
export function progressRowsOf(db: TDb, userId: string) {
  return progressRows(db).all({ userId });
}

// The trainings list and the progress calls run these on every visit: prepared once per connection.
const assignmentsOf = preparedQuery((db) =>
  db
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(eq(courseAssignments.userId, sql.placeholder('userId')))
    .prepare(),
);
const progressRows = preparedQuery((db) =>
  db
    .select()
    .from(courseProgress)
    .where(eq(courseProgress.userId, sql.placeholder('userId')))
    .prepare(),
);

/** get-progress: the learner's progress in every assigned course. */
export function getMyProgress(db: TDb, learner: TSessionUser): TProgressView[] {
  const bySlug = new Map(progressRowsOf(db, learner.id).map((row) => [row.courseSlug, row]));
  const catalog = courseCatalog();
  return assignedSlugs(db, learner.id).flatMap((slug) => {
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
export function getCompanyProgress(db: TDb, companyId: string): TCompanyMemberProgress[] {
  const members = db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.role, 'admin')))
    .orderBy(asc(users.lastname), asc(users.firstname))
    .all();
  const assignments = db
    .select({ userId: courseAssignments.userId, slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .where(eq(users.companyId, companyId))
    .all();
  const rows = db.select().from(courseProgress).where(eq(courseProgress.companyId, companyId)).all();
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
