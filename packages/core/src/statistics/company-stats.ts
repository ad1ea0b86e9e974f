import type { TCourseLanguage } from '@portal/content';
import {
  and,
  courseAssignments,
  courseDueDates,
  courseProgress,
  eq,
  isNotNull,
  preparedQuery,
  quizAttempts,
  sql,
  type TDb,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { companyAbsences } from '../due-dates/absences.ts';
import { absenceOn, dueState, effectiveDueOn } from '../due-dates/effective-due.ts';
import { readReminderSettings } from '../due-dates/reminder-settings.ts';
import { courseCatalog } from '../learning/catalog.ts';
import type { courseOverview } from '../learning/course-matrix.ts';
import { courseImageUrl } from '../learning/trainings.ts';

/** Weeks shown in "progress over time". */
export const PROGRESS_WEEKS = 12;
const WEEK_MS = 7 * 24 * 3600 * 1000;

export interface TCompanyStats {
  /** People of the company (policyholder, managers, employees) with at least one assigned course. */
  learners: number;
  startedAtLeastOne: number;
  completedAllAssigned: number;
  /**
   * Learners with a course not completed whose due date has passed, and (not overdue) one due within
   * the company's reminder days; people absent today are counted apart, in neither (ADR 033).
   */
  overdue: number;
  dueSoon: number;
  absent: number;
  /** Mean active seconds per learner who started, over all their courses. */
  averageWorkingSeconds: number;
  repeatedQuiz: number;
  repeatedModule: number;
  /** Mean score (0-100) over every finished quiz attempt, repeats included; null without attempts. */
  averageQuizScore: number | null;
  /** Mean attention (0-1) over every started course; null when nobody started. */
  averageAttention: number | null;
  courses: Awaited<ReturnType<typeof courseOverview>>;
  /** Completed courses per week (oldest first) and the running total at each week's end. */
  completionsOverTime: { weekStart: string; completed: number; cumulative: number }[];
}

/**
 * Every assigned course of the company's people with its progress. The times stay epoch
 * milliseconds (no `Date` per row), and the statement is prepared once per connection: at 5,000
 * people it returns 30,000 rows, so the per-row cost is most of the dashboard's.
 */
const assignedRows = preparedQuery((db) =>
  db
    .select({
      userId: courseAssignments.userId,
      slug: courseAssignments.courseSlug,
      status: courseProgress.status,
      seconds: courseProgress.workingSeconds,
      quizRepeats: courseProgress.quizRepeatCount,
      moduleRepeats: courseProgress.moduleRepeatCount,
      attention: courseProgress.attention,
      completedAt: sql<number | null>`${courseProgress.completedAt}`,
      assignedAt: sql<number>`${courseAssignments.assignedAt}`,
      personalDueOn: courseAssignments.dueOn,
      courseDueOn: courseDueDates.dueOn,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(
      courseProgress,
      and(
        eq(courseProgress.userId, courseAssignments.userId),
        eq(courseProgress.courseSlug, courseAssignments.courseSlug),
      ),
    )
    .leftJoin(
      courseDueDates,
      and(eq(courseDueDates.companyId, users.companyId), eq(courseDueDates.courseSlug, courseAssignments.courseSlug)),
    )
    .where(eq(users.companyId, sql.placeholder('companyId')))
    .prepare('company_stats_assigned_rows'),
);

/** The mean score over every finished quiz attempt in an assigned course of the company. */
const quizScore = preparedQuery((db) =>
  db
    .select({ mean: sql<number | string | null>`avg(${quizAttempts.score})` })
    .from(quizAttempts)
    .innerJoin(courseProgress, eq(courseProgress.id, quizAttempts.progressId))
    .innerJoin(
      courseAssignments,
      and(
        eq(courseAssignments.userId, courseProgress.userId),
        eq(courseAssignments.courseSlug, courseProgress.courseSlug),
      ),
    )
    .where(and(eq(courseProgress.companyId, sql.placeholder('companyId')), isNotNull(quizAttempts.score)))
    .prepare('company_stats_quiz_score'),
);

function byUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

/** Start of the ISO week (Monday 00:00 UTC) of a moment. */
export function weekStart(ms: number): number {
  const date = new Date(ms);
  const day = (date.getUTCDay() + 6) % 7;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day);
}

/**
 * The dashboard figures of spec §3 for one company. Only progress in assigned courses counts, so
 * a revoked course does not change the picture. One pass over the company's assignments (with
 * their progress) gives every per-person and per-course figure; the quiz average is a second
 * query. Measured at 5,000 people × 6 courses in `npm run bench`.
 */
export async function companyStats(
  db: TDb,
  companyId: string,
  lang: TCourseLanguage,
  now = new Date(),
): Promise<TCompanyStats> {
  const rows = await assignedRows(db).execute({ companyId });
  const settings = await readReminderSettings(db, companyId);
  const absencesByUser = byUser(await companyAbsences(db, companyId));
  const today = berlinDay(now);

  interface TLearner {
    assigned: number;
    started: number;
    completed: number;
    seconds: number;
    quizRepeats: number;
    moduleRepeats: number;
    overdue: boolean;
    dueSoon: boolean;
  }
  const learners = new Map<string, TLearner>();
  const perCourse = new Map<string, { assigned: number; started: number; completed: number }>();
  let attentionSum = 0;
  let attentionCount = 0;
  const completions: number[] = [];
  for (const row of rows) {
    const learner = learners.get(row.userId) ?? {
      assigned: 0,
      started: 0,
      completed: 0,
      seconds: 0,
      quizRepeats: 0,
      moduleRepeats: 0,
      overdue: false,
      dueSoon: false,
    };
    const course = perCourse.get(row.slug) ?? { assigned: 0, started: 0, completed: 0 };
    learner.assigned += 1;
    course.assigned += 1;
    if (row.status !== null) {
      learner.started += 1;
      course.started += 1;
      learner.seconds += row.seconds ?? 0;
      learner.quizRepeats += row.quizRepeats ?? 0;
      learner.moduleRepeats += row.moduleRepeats ?? 0;
      attentionSum += row.attention ?? 0;
      attentionCount += 1;
      if (row.status === 'completed') {
        learner.completed += 1;
        course.completed += 1;
        if (row.completedAt) completions.push(Number(row.completedAt));
      }
    }
    if (row.status !== 'completed') {
      const dueOn = effectiveDueOn({
        assignedAt: new Date(Number(row.assignedAt)),
        personalDueOn: row.personalDueOn,
        courseDueOn: row.courseDueOn,
        defaultDueDays: settings.defaultDueDays,
        absences: absencesByUser.get(row.userId) ?? [],
      });
      const state = dueOn === null ? null : dueState(dueOn, today, settings.remindDaysBefore);
      if (state === 'overdue') learner.overdue = true;
      if (state === 'due_soon') learner.dueSoon = true;
    }
    learners.set(row.userId, learner);
    perCourse.set(row.slug, course);
  }

  const [score] = await quizScore(db).execute({ companyId });
  // avg() is a float on SQLite and an exact numeric on PostgreSQL; one decimal of either.
  const mean = score?.mean === null || score?.mean === undefined ? null : Number(score.mean);

  const since = weekStart(now.getTime()) - (PROGRESS_WEEKS - 1) * WEEK_MS;
  let cumulative = completions.filter((at) => at < since).length;
  const completionsOverTime = Array.from({ length: PROGRESS_WEEKS }, (_, index) => {
    const start = since + index * WEEK_MS;
    const completed = completions.filter((at) => at >= start && at < start + WEEK_MS).length;
    cumulative += completed;
    return { weekStart: new Date(start).toISOString(), completed, cumulative };
  });

  const all = [...learners.values()];
  const absentToday = new Set(
    [...learners.keys()].filter((userId) => absenceOn(absencesByUser.get(userId) ?? [], today) !== undefined),
  );
  const present = [...learners.entries()].filter(([userId]) => !absentToday.has(userId)).map(([, learner]) => learner);
  const starters = all.filter((learner) => learner.started > 0);
  return {
    learners: all.length,
    startedAtLeastOne: starters.length,
    completedAllAssigned: all.filter((learner) => learner.completed === learner.assigned).length,
    overdue: present.filter((learner) => learner.overdue).length,
    dueSoon: present.filter((learner) => learner.dueSoon && !learner.overdue).length,
    absent: absentToday.size,
    averageWorkingSeconds:
      starters.length === 0
        ? 0
        : Math.round(starters.reduce((sum, learner) => sum + learner.seconds, 0) / starters.length),
    repeatedQuiz: all.filter((learner) => learner.quizRepeats > 0).length,
    repeatedModule: all.filter((learner) => learner.moduleRepeats > 0).length,
    averageQuizScore: mean === null ? null : Math.round(mean * 10) / 10,
    averageAttention: attentionCount === 0 ? null : Math.round(attentionSum / attentionCount) / 1000,
    courses: [...courseCatalog().values()].map((course) => ({
      slug: course.meta.slug,
      title: course.text[lang].title,
      image: courseImageUrl(course.meta.slug, course.meta.image),
      ...(perCourse.get(course.meta.slug) ?? { assigned: 0, started: 0, completed: 0 }),
    })),
    completionsOverTime,
  };
}
