/*
 * The data set of the HTTP benchmarks (bench-http.ts, bench-scale-out.ts): the demo data with its
 * learning, and a company of 5,000 people (six courses each, 60 % started, 30 % completed) for
 * the dashboard, whose first learners can sign in to run the learner calls as many users.
 */
import { hashPasswordSync, seedDemoLearning, syncCourses } from '@portal/core';
import {
  closeDatabase,
  companies,
  courseAssignments,
  courseProgress,
  eq,
  migrateDatabase,
  openDatabase,
  seedDemoData,
  transaction,
  users,
} from '@portal/db';

export const BENCH_PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
/** The employer of the 5,000-person company. */
export const BIG_BOSS = 'boss@big.example';

/** The addresses of the first `count` people of the large company, who can sign in. */
export const benchLearners = (count: number) => Array.from({ length: count }, (_, index) => `p${index}@big.example`);

/**
 * Writes the data set into a new SQLite file; `learnerCount` people of the large company get the
 * password. Returns the demo employee's id (its own record is one of the measured calls).
 */
export async function createBenchDatabase(file: string, learnerCount: number): Promise<{ employeeId: string }> {
  const db = openDatabase(file);
  await migrateDatabase(db);
  await syncCourses(db);
  await seedDemoData(db, hashPasswordSync, BENCH_PASSWORD);
  await seedDemoLearning(db);

  /** The demo employer's password hash: every account below signs in with the same password. */
  const [demoEmployer] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'employer@example.com'));
  const hash = demoEmployer?.passwordHash ?? null;
  if (!hash) throw new Error('the demo data has no employer');

  // A 5,000-person company for the dashboard (six courses each, 60 % started, 30 % completed).
  {
    const now = new Date();
    const slugs = ['5-golden-rules', 'password-security', 'email-security', 'social-engineering', 'malware', 'byod'];
    const learners = new Set(benchLearners(learnerCount));
    const people = Array.from({ length: 5000 }, (_, i) => {
      const email = `p${i}@big.example`;
      const learner = learners.has(email);
      return {
        id: `big-${i}`,
        firstname: 'Vor',
        lastname: `Nach${i}`,
        email,
        role: 'employee' as const,
        companyId: 'big',
        active: true,
        createdAt: now,
        ...(learner && { isFirstLogin: false, dataProtectionPolicyAccepted: true, passwordHash: hash }),
      };
    });
    const assignments = people.flatMap((person) => slugs.map((slug) => ({ userId: person.id, courseSlug: slug })));
    const progress = people.flatMap((person, i) =>
      slugs.flatMap((slug, k) => {
        const roll = (i * 7 + k * 13) % 10;
        if (roll >= 6) return [];
        const done = roll < 3;
        return [
          {
            id: `big-${i}-${k}`,
            userId: person.id,
            companyId: 'big',
            courseSlug: slug,
            status: done ? ('completed' as const) : ('started' as const),
            workingSeconds: 400,
            attention: 800,
            contentVersion: '1',
            startedAt: now,
            completedAt: done ? now : null,
            updatedAt: now,
          },
        ];
      }),
    );
    /** Rows per insert statement: well under the bound-parameter limit of both databases. */
    const chunks = <T>(rows: T[], size = 500) =>
      Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
    // Read committed: the bulk load of a database of its own, in one transaction.
    await transaction(db, async (tx) => {
      await tx.insert(companies).values({ id: 'big', companyName: 'Groß GmbH', createdAt: now });
      await tx.insert(users).values({
        id: 'big-boss',
        firstname: 'Bea',
        lastname: 'Boss',
        email: BIG_BOSS,
        role: 'employer',
        companyId: 'big',
        passwordHash: hash,
        active: true,
        isFirstLogin: false,
        dataProtectionPolicyAccepted: true,
        orderProcessingAccepted: true,
        sawVideo: true,
        createdAt: now,
      });
      await tx.update(companies).set({ ownerId: 'big-boss' }).where(eq(companies.id, 'big'));
      for (const chunk of chunks(people)) await tx.insert(users).values(chunk);
      for (const chunk of chunks(assignments)) await tx.insert(courseAssignments).values(chunk);
      for (const chunk of chunks(progress)) await tx.insert(courseProgress).values(chunk);
    });
  }

  const [demoEmployee] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@example.com'));
  await closeDatabase(db);
  if (!demoEmployee) throw new Error('the demo data has no employee');
  return { employeeId: demoEmployee.id };
}
