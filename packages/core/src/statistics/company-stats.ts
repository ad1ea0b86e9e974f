import type { TCourseLanguage } from '@portal/content';
import { and, courseAssignments, courseProgress, eq, quizAttempts, sql, type TDb, users } from '@portal/db';
import { courseOverview } from '../learning/course-matrix.ts';

/** Weeks shown in "progress over time". */
export const PROGRESS_WEEKS = 12;
const WEEK_MS = 7 * 24 * 3600 * 1000;

export interface TCompanyStats {
  /** People of the company (policyholder, managers, employees) with at least one assigned course. */
  learners: number;
  startedAtLeastOne: number;
  completedAllAssigned: number;
  /** Mean active seconds per learner who started, over all their courses. */
  averageWorkingSeconds: number;
  repeatedQuiz: number;
  repeatedModule: number;
  /** Mean score (0-100) over every finished quiz attempt, repeats included; null without attempts. */
  averageQuizScore: number | null;
  /** Mean attention (0-1) over every started course; null when nobody started. */
  averageAttention: number | null;
  courses: ReturnType<typeof courseOverview>;
  /** Completed courses per week (oldest first) and the running total at each week's end. */
  completionsOverTime: { weekStart: string; completed: number; cumulative: number }[];
}

/** Start of the ISO week (Monday 00:00 UTC) of a moment. */
function weekStart(ms: number): number {
  const date = new Date(ms);
  const day = (date.getUTCDay() + 6) % 7;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day);
}

/**
 * The dashboard figures of spec §3 for one company. Only progress in assigned courses counts, so
 * a revoked course does not change the picture. Each figure is one aggregate query.
 */
export function companyStats(db: TDb, companyId: string, lang: TCourseLanguage, now = new Date()): TCompanyStats {
  // Progress rows joined to their assignment: the company's learning that counts.
  const counted = eq(courseProgress.companyId, companyId);
  const assignedJoin = and(
    eq(courseAssignments.userId, courseProgress.userId),
    eq(courseAssignments.courseSlug, courseProgress.courseSlug),
  );

  const perLearner = db
    .select({
      userId: courseAssignments.userId,
      assigned: sql<number>`count(*)`,
      started: sql<number>`count(${courseProgress.id})`,
      completed: sql<number>`sum(case when ${courseProgress.status} = 'completed' then 1 else 0 end)`,
      seconds: sql<number>`coalesce(sum(${courseProgress.workingSeconds}), 0)`,
      quizRepeats: sql<number>`coalesce(sum(${courseProgress.quizRepeatCount}), 0)`,
      moduleRepeats: sql<number>`coalesce(sum(${courseProgress.moduleRepeatCount}), 0)`,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(courseProgress, assignedJoin)
    .where(eq(users.companyId, companyId))
    .groupBy(courseAssignments.userId)
    .all();

  const starters = perLearner.filter((row) => row.started > 0);
  const attention = db
    .select({ mean: sql<number | null>`avg(${courseProgress.attention})` })
    .from(courseProgress)
    .innerJoin(courseAssignments, assignedJoin)
    .where(counted)
    .get();
  const score = db
    .select({ mean: sql<number | null>`avg(${quizAttempts.score})` })
    .from(quizAttempts)
    .innerJoin(courseProgress, eq(courseProgress.id, quizAttempts.progressId))
    .innerJoin(courseAssignments, assignedJoin)
    .where(and(counted, sql`${quizAttempts.score} is not null`))
    .get();

  const since = weekStart(now.getTime()) - (PROGRESS_WEEKS - 1) * WEEK_MS;
  const completions = db
    .select({ completedAt: courseProgress.completedAt })
    .from(courseProgress)
    .innerJoin(courseAssignments, assignedJoin)
    .where(and(counted, eq(courseProgress.status, 'completed')))
    .all();
  const before = completions.filter((row) => (row.completedAt?.getTime() ?? 0) < since).length;
  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, index) => since + index * WEEK_MS);
  let cumulative = before;
  const completionsOverTime = weeks.map((start) => {
    const completed = completions.filter((row) => {
      const at = row.completedAt?.getTime() ?? 0;
      return at >= start && at < start + WEEK_MS;
    }).length;
    cumulative += completed;
    return { weekStart: new Date(start).toISOString(), completed, cumulative };
  });

  return {
    learners: perLearner.length,
    startedAtLeastOne: starters.length,
    completedAllAssigned: perLearner.filter((row) => row.completed === row.assigned).length,
    averageWorkingSeconds:
      starters.length === 0 ? 0 : Math.round(starters.reduce((sum, row) => sum + row.seconds, 0) / starters.length),
    repeatedQuiz: perLearner.filter((row) => row.quizRepeats > 0).length,
    repeatedModule: perLearner.filter((row) => row.moduleRepeats > 0).length,
    averageQuizScore: score?.mean === null || score?.mean === undefined ? null : Math.round(score.mean * 10) / 10,
    averageAttention:
      attention?.mean === null || attention?.mean === undefined ? null : Math.round(attention.mean) / 1000,
    courses: courseOverview(db, companyId, lang),
    completionsOverTime,
  };
}
