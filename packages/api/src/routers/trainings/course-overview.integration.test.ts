import { createProgress, saveProgress, syncCourses } from '@portal/core';
import { courseProgress, eq, transaction } from '@portal/db';
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
let people: TSeededUser[];

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db);
  people = [];
  for (const lastname of ['Anton', 'Berta', 'Cäsar'])
    people.push(await seedEmployee(t.db, employer.companyId, { lastname }));
  const foreign = await seedEmployer(t.db, { companyName: 'Andere GmbH' });
  const stranger = await seedEmployee(t.db, foreign.companyId);
  await callerFor(t.db, { token: foreign.token }).caller.trainings.assignToAll({ trainingSlug: 'malware' });
  await createProgress(t.db, { ...stranger, lang: 'de', companyId: foreign.companyId }, 'malware');
});
afterAll(() => t.cleanup());

describe('course overview', () => {
  it('counts assigned, started and completed per course for the own company only', async () => {
    const { caller } = callerFor(t.db, { token: employer.token });
    const [anton, berta, caesar] = people;
    if (!anton || !berta || !caesar) throw new Error('seed failed');
    // malware: all four assigned, Anton started, Berta completed; byod: Cäsar only.
    await caller.trainings.assignToAll({ trainingSlug: 'malware' });
    await caller.trainings.assign({ trainingSlug: 'byod', ownerId: caesar.id });
    const learner = (person: TSeededUser) => ({ ...person, lang: 'de' as const, companyId: employer.companyId });
    await saveProgress(t.db, learner(anton), {
      trainingSlug: 'malware',
      slideIndex: 1,
      workingSeconds: 10,
      slideSeconds: {},
    });
    await createProgress(t.db, learner(berta), 'malware');
    await transaction(t.db, (tx) =>
      tx
        .update(courseProgress)
        .set({ status: 'completed', completedAt: new Date() })
        .where(eq(courseProgress.userId, berta.id)),
    );

    const overview = await caller.trainings.overview({ lang: 'de', pageSize: 10 });
    const bySlug = Object.fromEntries(overview.courses.map((c) => [c.slug, c]));
    expect(overview.courses).toHaveLength(12);
    expect(bySlug.malware).toMatchObject({ assigned: 4, started: 2, completed: 1 });
    expect(bySlug.byod).toMatchObject({ assigned: 1, started: 0, completed: 0 });
    expect(bySlug['remote-work']).toMatchObject({ assigned: 0, started: 0, completed: 0 });

    expect(overview.total).toBe(4);
    const cells = Object.fromEntries(overview.people.map((p) => [p.lastname, p.courses]));
    expect(cells.Anton).toEqual({ malware: 'started' });
    expect(cells.Berta).toEqual({ malware: 'completed' });
    expect(cells.Cäsar).toEqual({ malware: 'assigned', byod: 'assigned' });
  });

  it('is for employers and managers only', async () => {
    const person = people[0];
    if (!person) throw new Error('seed failed');
    const { caller, errorOf } = callerFor(t.db, { token: (await sessionFor(t.db, person)).token });
    expect((await errorOf(caller.trainings.overview({}))).error.code).toBe('NOT_FOUND');
  });
});
