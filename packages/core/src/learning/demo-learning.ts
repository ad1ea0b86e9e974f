import { courseAssignments, courseProgress, eq, quizAttempts, type TDatabase, type TDb, users } from '@portal/db';
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
function completeCourse(
  tx: TDb,
  person: { id: string; companyId: string },
  slug: (typeof DEMO_COURSES)[number],
  daysAgo: number,
  now: Date,
) {
  const course = courseCatalog().get(slug);
  if (!course) return;
  const last = course.text.de.slides.length - 1;
  const completedAt = new Date(now.getTime() - daysAgo * 86_400_000);
  const progress = tx
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
    .returning({ id: courseProgress.id })
    .get();
  const questions = course.text.de.quiz.slice(0, 5);
  tx.insert(quizAttempts)
    .values({
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
    })
    .run();
}

/**
 * Gives the freshly seeded demo company something to look at: every customer has the six demo
 * courses; employee2 is in the middle of a course, employee3 has completed one, the manager all
 * six (a personal certificate to show). Runs only right after the demo people were seeded.
 */
export function seedDemoLearning(db: TDatabase, now = new Date()): void {
  const catalog = courseCatalog();
  const idOf = (email: string) =>
    db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, email)).get();
  db.transaction((tx) => {
    for (const email of [
      'employer@example.com',
      'manager@example.com',
      'employee@example.com',
      'employee2@example.com',
      'employee3@example.com',
    ]) {
      const person = idOf(email);
      if (!person) continue;
      for (const slug of DEMO_COURSES) {
        tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).onConflictDoNothing().run();
      }
    }
    const inTheMiddle = idOf('employee2@example.com');
    const social = catalog.get('social-engineering');
    if (inTheMiddle?.companyId && social) {
      const middle = Math.floor(social.text.de.slides.length / 2);
      tx.insert(courseProgress)
        .values({
          userId: inTheMiddle.id,
          companyId: inTheMiddle.companyId,
          courseSlug: 'social-engineering',
          slideIndex: middle,
          maxSlideIndex: middle,
          workingSeconds: 240,
          contentVersion: social.meta.version,
          startedAt: new Date(now.getTime() - 2 * 86_400_000),
          updatedAt: now,
        })
        .run();
    }
    const finished = idOf('employee3@example.com');
    if (finished?.companyId)
      completeCourse(tx, { ...finished, companyId: finished.companyId }, '5-golden-rules', 6, now);
    // The manager has done all six: the demo shows a personal certificate and a certified person.
    const certified = idOf('manager@example.com');
    if (certified?.companyId) {
      for (const [index, slug] of DEMO_COURSES.entries()) {
        completeCourse(tx, { ...certified, companyId: certified.companyId }, slug, 30 - index * 4, now);
      }
    }
  });
}
