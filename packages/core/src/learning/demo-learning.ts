import { courseAssignments, courseProgress, eq, quizAttempts, type TDatabase, users } from '@portal/db';
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

/**
 * Gives the freshly seeded demo company something to look at: every customer has the six demo
 * courses; employee2 is in the middle of a course, employee3 has completed one. Runs only right
 * after the demo people were seeded.
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
    const rules = catalog.get('5-golden-rules');
    if (finished?.companyId && rules) {
      const last = rules.text.de.slides.length - 1;
      const progress = tx
        .insert(courseProgress)
        .values({
          userId: finished.id,
          companyId: finished.companyId,
          courseSlug: '5-golden-rules',
          status: 'completed',
          slideIndex: last,
          maxSlideIndex: last,
          workingSeconds: 11 * 60,
          attention: 1000,
          bestScore: 100,
          contentVersion: rules.meta.version,
          startedAt: new Date(now.getTime() - 7 * 86_400_000),
          completedAt: new Date(now.getTime() - 6 * 86_400_000),
          updatedAt: now,
        })
        .returning({ id: courseProgress.id })
        .get();
      const questions = rules.text.de.quiz.slice(0, 5);
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
          startedAt: new Date(now.getTime() - 6 * 86_400_000 - 300_000),
          finishedAt: new Date(now.getTime() - 6 * 86_400_000),
        })
        .run();
    }
  });
}
