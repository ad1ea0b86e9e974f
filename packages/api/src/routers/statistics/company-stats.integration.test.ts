import { companyStats, syncCourses } from '@portal/core';
import { courseAssignments, courseProgress, quizAttempts, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let employer: TSeededUser & { companyId: string; token: string };
const NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday
const DAY = 86_400_000;

/**
 * The hand-computed fixture company: A has malware (completed after a quiz repeat, 600 s,
 * attention 0.8, attempts 60 and 100) and byod (started, 300 s, attention 0.4); B has malware
 * (completed after a module repeat, 900 s, attention 1.0, attempt 80) and an old completed
 * remote-work that is no longer assigned; C has malware, untouched; D has nothing assigned.
 */
beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db, { companyName: 'Zahlen GmbH' });
  const people: TSeededUser[] = [];
  for (const lastname of ['A', 'B', 'C', 'D']) people.push(await seedEmployee(t.db, employer.companyId, { lastname }));
  const [a, b, c] = people;
  if (!a || !b || !c) throw new Error('seed failed');
  const assign = (userId: string, courseSlug: string) =>
    transaction(t.db, (tx) => tx.insert(courseAssignments).values({ userId, courseSlug }));
  await assign(a.id, 'malware');
  await assign(a.id, 'byod');
  await assign(b.id, 'malware');
  await assign(c.id, 'malware');
  const progress = async (userId: string, courseSlug: string, values: Partial<typeof courseProgress.$inferInsert>) => {
    const [row] = await transaction(t.db, (tx) =>
      tx
        .insert(courseProgress)
        .values({
          userId,
          companyId: employer.companyId,
          courseSlug,
          contentVersion: '1.0.0',
          startedAt: new Date(NOW.getTime() - 30 * DAY),
          updatedAt: NOW,
          ...values,
        })
        .returning({ id: courseProgress.id }),
    );
    if (!row) throw new Error('progress not inserted');
    return row.id;
  };
  const attempt = (progressId: string, score: number) =>
    transaction(t.db, (tx) =>
      tx
        .insert(quizAttempts)
        .values({ progressId, questionIds: '[]', score, passed: score >= 80, startedAt: NOW, finishedAt: NOW }),
    );
  const aMalware = await progress(a.id, 'malware', {
    status: 'completed',
    workingSeconds: 600,
    quizRepeatCount: 1,
    attention: 800,
    completedAt: new Date(NOW.getTime() - DAY), // Tuesday of the current week
  });
  await attempt(aMalware, 60);
  await attempt(aMalware, 100);
  await progress(a.id, 'byod', { workingSeconds: 300, attention: 400 });
  const bMalware = await progress(b.id, 'malware', {
    status: 'completed',
    workingSeconds: 900,
    moduleRepeatCount: 1,
    attention: 1000,
    completedAt: new Date(NOW.getTime() - 20 * DAY),
  });
  await attempt(bMalware, 80);
  const revoked = await progress(b.id, 'remote-work', {
    status: 'completed',
    workingSeconds: 5000,
    quizRepeatCount: 4,
    attention: 0,
    completedAt: new Date(NOW.getTime() - DAY),
  });
  await attempt(revoked, 0);
});
afterAll(() => t.cleanup());

describe('company dashboard figures', () => {
  it('match the hand-computed fixture', async () => {
    const stats = await companyStats(t.db, employer.companyId, 'de', NOW);
    expect(stats).toMatchObject({
      learners: 3,
      startedAtLeastOne: 2,
      completedAllAssigned: 1,
      averageWorkingSeconds: 900,
      repeatedQuiz: 1,
      repeatedModule: 1,
      averageQuizScore: 80,
      averageAttention: 0.733,
    });
    const bySlug = Object.fromEntries(stats.courses.map((course) => [course.slug, course]));
    expect(bySlug.malware).toMatchObject({ assigned: 3, started: 2, completed: 2 });
    expect(bySlug.byod).toMatchObject({ assigned: 1, started: 1, completed: 0 });
    expect(bySlug['remote-work']).toMatchObject({ assigned: 0, started: 0, completed: 0 });
    expect(stats.completionsOverTime).toHaveLength(12);
    const last = stats.completionsOverTime.at(-1);
    expect(last).toEqual({ weekStart: '2026-11-16T00:00:00.000Z', completed: 1, cumulative: 2 });
    expect(stats.completionsOverTime.map((week) => week.completed).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('is served to employers and managers of the company only', async () => {
    const { caller } = callerFor(t.db, { token: employer.token });
    expect((await caller.statistics.company({ lang: 'en' })).learners).toBe(3);
    const foreign = await seedEmployer(t.db, { companyName: 'Leer AG' });
    expect((await callerFor(t.db, { token: foreign.token }).caller.statistics.company({})).learners).toBe(0);
    const employee = await seedEmployee(t.db, employer.companyId);
    const staff = callerFor(t.db, { token: (await sessionFor(t.db, employee)).token });
    expect((await staff.errorOf(staff.caller.statistics.company({}))).error.code).toBe('NOT_FOUND');
  });
});
