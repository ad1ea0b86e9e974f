import {
  courseAssignments,
  courseProgress,
  eq,
  quizAttempts,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { courseCatalog } from './catalog.ts';

/** The six courses every demo person has: enough for a personal certificate (at least 6). */
export const DEMO_COURSES = [
  '5-golden-rules',
  'password-security',
  'email-security',
  'social-engineering',
  'malware',
  'cyber-emergency',
] as const;

/** A course read to the end and passed with 100 % `daysAgo` days ago, with its quiz attempt. */
async function completeCourse(
  tx: TTransaction,
  person: { id: string; companyId: string },
  slug: (typeof DEMO_COURSES)[number],
  daysAgo: number,
  now: Date,
) {
  const course = courseCatalog().get(slug);
  if (!course) return;
  const last = course.text.de.slides.length - 1;
  const completedAt = new Date(now.getTime() - daysAgo * 86_400_000);
  const [progress] = await tx
    .insert(courseProgress)
    .values({
      userId: person.id,
      companyId: person.companyId,
      courseSlug: slug,
      status: 'completed',
      slideIndex: last,
      maxSlideIndex: last,
      workingSeconds: 11 * 60,
      attention: 1000,
      bestScore: 100,
      contentVersion: course.meta.version,
      startedAt: new Date(completedAt.getTime() - 86_400_000),
      completedAt,
      updatedAt: completedAt,
    })
    .returning({ id: courseProgress.id });
  if (!progress) throw new Error(`demo progress of ${person.id} in ${slug} was not inserted`);
  const questions = course.text.de.quiz.slice(0, 5);
  await tx.insert(quizAttempts).values({
    progressId: progress.id,
    questionIds: JSON.stringify(questions.map((q) => q.id)),
    answers: JSON.stringify(
      Object.fromEntries(questions.map((q) => [q.id, q.answers.filter((a) => a.correct).map((a) => a.id)])),
    ),
    correctCount: 5,
    score: 100,
    passed: true,
    startedAt: new Date(completedAt.getTime() - 300_000),
    finishedAt: completedAt,
  });
}

/**
 * Gives the freshly seeded demo company something to look at: every customer has the six demo
 * courses; employee2 is in the middle of a course, employee3 has completed one, the manager all
 * six (a personal certificate to show). Runs only right after the demo people were seeded.
 */
export async function seedDemoLearning(db: TDatabase, now = new Date()): Promise<void> {
  const catalog = courseCatalog();
  const idOf = async (tx: TDb, email: string) => {
    const [person] = await tx
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, email));
    return person;
  };
  // Read committed: it runs once, right after `seedDemoData` created the people (which decides
  // between processes starting together); assignments insert with `on conflict do nothing` (ADR 028).
  await transaction(db, async (tx) => {
    for (const email of [
      'employer@example.com',
      'manager@example.com',
      'employee@example.com',
      'employee2@example.com',
      'employee3@example.com',
    ]) {
      const person = await idOf(tx, email);
      if (!person) continue;
      for (const slug of DEMO_COURSES) {
        await tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).onConflictDoNothing();
      }
    }
    const inTheMiddle = await idOf(tx, 'employee2@example.com');
    const social = catalog.get('social-engineering');
    if (inTheMiddle?.companyId && social) {
      const middle = Math.floor(social.text.de.slides.length / 2);
      await tx.insert(courseProgress).values({
        userId: inTheMiddle.id,
        companyId: inTheMiddle.companyId,
        courseSlug: 'social-engineering',
        slideIndex: middle,
        maxSlideIndex: middle,
        workingSeconds: 240,
        contentVersion: social.meta.version,
        startedAt: new Date(now.getTime() - 2 * 86_400_000),
        updatedAt: now,
      });
    }
    const finished = await idOf(tx, 'employee3@example.com');
    if (finished?.companyId)
      await completeCourse(tx, { ...finished, companyId: finished.companyId }, '5-golden-rules', 6, now);
    // The manager has done all six: the demo shows a personal certificate and a certified person.
    const certified = await idOf(tx, 'manager@example.com');
    if (certified?.companyId) {
      for (const [index, slug] of DEMO_COURSES.entries()) {
        await completeCourse(tx, { ...certified, companyId: certified.companyId }, slug, 30 - index * 4, now);
      }
    }
  });
}
