import {
  and,
  companies,
  courseAssignments,
  courseProgress,
  courses,
  eq,
  quizAttempts,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../auth/sessions.ts';
import { courseCatalog, syncCourses } from './catalog.ts';
import { createProgress, saveProgress } from './progress.ts';
import { answerQuestion, repeatModule, startQuiz } from './quiz.ts';

/*
 * The learning writes keep their guarantees when requests race (ADR 028): on PostgreSQL the
 * racing calls run side by side, half of them through a second handle (another server process);
 * on SQLite they take turns. Run on both: `npx vitest run` and `TEST_DATABASE=postgres npx vitest run`.
 */

const SLUG = 'password-security';
const course = courseCatalog().get(SLUG);
if (!course) throw new Error(`no course ${SLUG} in the catalog`);
const slides = course.text.de.slides;
const LAST = slides.length - 1;

let t: TTestDatabase;
let db: TDatabase;
/** Another process's handle on the same database. */
let other: TDatabase;
let companyId: string;
let learners = 0;

/** The handle for the i-th of several racing calls: every other one comes from the other process. */
const handle = (i: number) => (i % 2 === 0 ? db : other);

async function newLearner(): Promise<TSessionUser> {
  learners += 1;
  const person: TSessionUser = {
    id: crypto.randomUUID(),
    role: 'employee',
    companyId,
    email: `learner.${learners}@example.com`,
    firstname: 'Lena',
    lastname: `Lernend${learners}`,
    lang: 'de',
  };
  await transaction(db, async (tx) => {
    await tx.insert(users).values({
      id: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      role: 'employee',
      companyId,
      active: true,
      isFirstLogin: false,
    });
    await tx.insert(courseAssignments).values({ userId: person.id, courseSlug: SLUG });
  });
  return person;
}

async function progressRows(learner: TSessionUser) {
  return db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, learner.id), eq(courseProgress.courseSlug, SLUG)));
}

async function onlyProgress(learner: TSessionUser) {
  const rows = await progressRows(learner);
  expect(rows).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

const attemptsOf = (progressId: string) =>
  db.select().from(quizAttempts).where(eq(quizAttempts.progressId, progressId));

/** A learner who has read every slide: the quiz may start. */
async function learnerAtQuiz(): Promise<TSessionUser> {
  const learner = await newLearner();
  await saveProgress(db, learner, { trainingSlug: SLUG, slideIndex: LAST, workingSeconds: 60, slideSeconds: {} });
  return learner;
}

const questionOf = (id: string) => {
  const question = course.text.de.quiz.find((q) => q.id === id);
  if (!question) throw new Error(`no question ${id}`);
  return question;
};
const rightAnswers = (id: string) =>
  questionOf(id)
    .answers.filter((a) => a.correct)
    .map((a) => a.id);
const wrongAnswer = (id: string) => {
  const wrong = questionOf(id).answers.find((a) => !a.correct);
  if (!wrong) throw new Error(`question ${id} has no wrong answer`);
  return [wrong.id];
};

/** Starts a quiz and answers every question wrong: a failed attempt. */
async function failQuiz(learner: TSessionUser) {
  const quiz = await startQuiz(db, learner, SLUG);
  for (const question of quiz.questions) {
    await answerQuestion(db, learner, {
      trainingSlug: SLUG,
      questionId: question.id,
      answerIds: wrongAnswer(question.id),
    });
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  // A second handle stands for another server process. On SQLite a second handle in this process
  // would wait for the write lock synchronously and stall the first one, so the calls share one
  // handle there (its transactions take turns, as two processes' would).
  other = t.dialect === 'postgres' ? t.openAnother() : t.db;
  await syncCourses(db);
  const [company] = await transaction(db, (tx) =>
    tx.insert(companies).values({ companyName: 'Wettlauf GmbH' }).returning({ id: companies.id }),
  );
  if (!company) throw new Error('no company');
  companyId = company.id;
});
afterAll(() => t.cleanup());

describe('save-progress racing', () => {
  it('first saves at the same moment create one progress row and keep every delta', async () => {
    const learner = await newLearner();
    const [first, second] = slides;
    if (!first || !second) throw new Error('the course needs two slides');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        saveProgress(handle(i), learner, {
          trainingSlug: SLUG,
          slideIndex: i % 3,
          workingSeconds: 10,
          slideSeconds: { [first.id]: 7, [second.id]: i },
        }),
      ),
    );
    const row = await onlyProgress(learner);
    expect(row.workingSeconds).toBe(80);
    expect(JSON.parse(row.slideSeconds)).toEqual({ [first.id]: 56, [second.id]: 28 });
    expect(row.maxSlideIndex).toBe(2);
  });

  it('saves racing on an existing row lose neither working time nor seconds per slide', async () => {
    const learner = await newLearner();
    await createProgress(db, learner, SLUG);
    const ids = slides.slice(0, 4).map((slide) => slide.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        saveProgress(handle(i), learner, {
          trainingSlug: SLUG,
          slideIndex: i % 4,
          workingSeconds: 5,
          slideSeconds: { [ids[i % 4] as string]: 3 },
        }),
      ),
    );
    const row = await onlyProgress(learner);
    expect(row.workingSeconds).toBe(60);
    expect(JSON.parse(row.slideSeconds)).toEqual(Object.fromEntries(ids.map((id) => [id, 9])));
    expect(row.maxSlideIndex).toBe(3);
    // The attention stored is the one computed from the merged seconds (every save saw a whole row).
    expect(Math.max(...results.map((view) => view.workingSeconds))).toBe(60);
  });

  it('two first visits at the same moment start one progress row', async () => {
    const learner = await newLearner();
    const views = await Promise.all(Array.from({ length: 6 }, (_, i) => createProgress(handle(i), learner, SLUG)));
    await onlyProgress(learner);
    expect(new Set(views.map((view) => view.startedAt)).size).toBe(1);
  });
});

describe('quiz racing', () => {
  it('starting the quiz twice at once opens one attempt', async () => {
    const learner = await learnerAtQuiz();
    const quizzes = await Promise.all(Array.from({ length: 4 }, (_, i) => startQuiz(handle(i), learner, SLUG)));
    expect(new Set(quizzes.map((quiz) => quiz.attemptId)).size).toBe(1);
    const progress = await onlyProgress(learner);
    expect(await attemptsOf(progress.id)).toHaveLength(1);
    expect(progress.quizRepeatCount).toBe(0);
  });

  it('a repeat after a failed attempt is counted once when started twice at once', async () => {
    const learner = await learnerAtQuiz();
    await failQuiz(learner);
    const quizzes = await Promise.all(Array.from({ length: 4 }, (_, i) => startQuiz(handle(i), learner, SLUG)));
    expect(new Set(quizzes.map((quiz) => quiz.attemptId)).size).toBe(1);
    const progress = await onlyProgress(learner);
    expect(progress.quizRepeatCount).toBe(1);
    expect(await attemptsOf(progress.id)).toHaveLength(2);
  });

  it('the same answer sent twice at once is graded once', async () => {
    const learner = await learnerAtQuiz();
    const quiz = await startQuiz(db, learner, SLUG);
    const questionId = quiz.questions[0]?.id as string;
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        answerQuestion(handle(i), learner, { trainingSlug: SLUG, questionId, answerIds: rightAnswers(questionId) }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ message: 'training.already_answered' });
    }
    const [attempt] = await attemptsOf((await onlyProgress(learner)).id);
    expect(attempt?.correctCount).toBe(1);
    expect(Object.keys(JSON.parse(attempt?.answers ?? '{}'))).toEqual([questionId]);
  });

  it('different answers sent at once are all kept, and the attempt is scored once', async () => {
    const learner = await learnerAtQuiz();
    const quiz = await startQuiz(db, learner, SLUG);
    const ids = quiz.questions.map((question) => question.id);
    // Four right, one wrong: 80 %, a pass.
    await Promise.all(
      ids.map((questionId, i) =>
        answerQuestion(handle(i), learner, {
          trainingSlug: SLUG,
          questionId,
          answerIds: i === 0 ? wrongAnswer(questionId) : rightAnswers(questionId),
        }),
      ),
    );
    const progress = await onlyProgress(learner);
    const [attempt] = await attemptsOf(progress.id);
    expect(Object.keys(JSON.parse(attempt?.answers ?? '{}')).sort()).toEqual([...ids].sort());
    expect(attempt?.correctCount).toBe(4);
    expect(attempt?.score).toBe(80);
    expect(attempt?.passed).toBe(true);
    expect(attempt?.finishedAt).not.toBeNull();
    expect(progress.status).toBe('completed');
    expect(progress.bestScore).toBe(80);
  });

  it('"repeat module" clicked twice at once counts one repeat', async () => {
    const learner = await learnerAtQuiz();
    await failQuiz(learner);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => repeatModule(handle(i), learner, SLUG)));
    expect(results).toEqual(results.map(() => ({ slideIndex: 0 })));
    const progress = await onlyProgress(learner);
    expect(progress.moduleRepeatCount).toBe(1);
    expect(progress.maxSlideIndex).toBe(0);
  });
});

describe('course catalog sync', () => {
  it('two processes syncing at once neither fail nor duplicate a course, and both retire a removed one', async () => {
    await transaction(db, (tx) =>
      tx.insert(courses).values({
        slug: 'removed-course',
        image: 'cover.svg',
        section: 'basics',
        titleDe: 'Entfernt',
        titleEn: 'Removed',
        version: '1',
        estimatedMinutes: 5,
        slideCount: 1,
        active: true,
        syncedAt: new Date(),
      }),
    );
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => syncCourses(handle(i))));
    const catalog = courseCatalog();
    for (const result of results) expect(result.synced).toBe(catalog.size);
    const rows = await db.select({ slug: courses.slug, active: courses.active }).from(courses);
    expect(rows).toHaveLength(catalog.size + 1);
    expect(
      rows
        .filter((row) => row.active)
        .map((row) => row.slug)
        .sort(),
    ).toEqual([...catalog.keys()].sort());
    expect(rows.find((row) => row.slug === 'removed-course')?.active).toBe(false);
  });

  it('runs inside a caller’s transaction', async () => {
    const result = await transaction(db, (tx) => syncCourses(tx));
    expect(result.synced).toBe(courseCatalog().size);
  });
});
