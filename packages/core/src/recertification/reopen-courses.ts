import { and, courseAssignments, courseCycles, courseProgress, eq, inArray, sql, type TTransaction } from '@portal/db';
import { courseCatalog } from '../learning/catalog.ts';

/**
 * The yearly refresher (issue 22.5, ADR 033): the learner's completed, assigned courses open again.
 * Each completed run is first copied to `course_cycles` (nothing of it is lost), then the progress
 * row starts over in the next cycle, in the course's current version (a course revised since is
 * taken new), and the assignment counts from today (its due date follows the company's default).
 * Call inside the transaction that records why (the reminder log), so it happens once.
 */
export async function reopenCompletedCourses(tx: TTransaction, userId: string, now: Date): Promise<string[]> {
  const assigned = tx
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(eq(courseAssignments.userId, userId));
  const completed = await tx
    .select()
    .from(courseProgress)
    .where(
      and(
        eq(courseProgress.userId, userId),
        eq(courseProgress.status, 'completed'),
        inArray(courseProgress.courseSlug, assigned),
      ),
    );
  const catalog = courseCatalog();
  const reopened: string[] = [];
  for (const row of completed) {
    const course = catalog.get(row.courseSlug as never);
    if (!course) continue;
    await tx.insert(courseCycles).values({
      progressId: row.id,
      userId: row.userId,
      companyId: row.companyId,
      courseSlug: row.courseSlug,
      cycle: row.cycle,
      contentVersion: row.contentVersion,
      workingSeconds: row.workingSeconds,
      attention: row.attention,
      bestScore: row.bestScore,
      quizRepeatCount: row.quizRepeatCount,
      moduleRepeatCount: row.moduleRepeatCount,
      startedAt: row.startedAt,
      completedAt: row.completedAt,
      archivedAt: now,
    });
    // Read committed: the row is changed only while it is still the completed run just copied.
    await tx
      .update(courseProgress)
      .set({
        status: 'started',
        slideIndex: 0,
        maxSlideIndex: 0,
        quizRepeatCount: 0,
        moduleRepeatCount: 0,
        workingSeconds: 0,
        slideSeconds: '{}',
        attention: 0,
        bestScore: null,
        // Quiz attempts of the cycle before stay with the row; this marks where the new cycle begins.
        moduleRestartedAt: now,
        contentVersion: course.meta.version,
        startedAt: now,
        completedAt: null,
        updatedAt: now,
        cycle: sql`${courseProgress.cycle} + 1`,
      })
      .where(and(eq(courseProgress.id, row.id), eq(courseProgress.cycle, row.cycle)));
    reopened.push(row.courseSlug);
  }
  if (reopened.length > 0) {
    await tx
      .update(courseAssignments)
      .set({ assignedAt: now, dueOn: null })
      .where(and(eq(courseAssignments.userId, userId), inArray(courseAssignments.courseSlug, reopened)));
  }
  return reopened;
}
