import { slideHtml } from '@portal/content/slide-html';
import { courseCatalog, DEMO_COURSES, seedDemoLearning, syncCourses } from '@portal/core';
import { courseProgress, courses, eq, quizAttempts, rawRows, seedDemoData, sql, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reopenCompletedCourses } from '../../../../core/src/recertification/reopen-courses.ts';
import {
  callerFor,
  countRows as count,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let employer: TSeededUser & { companyId: string; token: string };
let learner: TSeededUser;
let learnerToken: string;
let colleague: TSeededUser;
let colleagueToken: string;
let foreignEmployer: TSeededUser & { companyId: string; token: string };
let foreignLearner: TSeededUser;

const SLUG = 'password-security';
const OTHER = 'malware';
const as = (token: string, acceptLanguage = 'de') => callerFor(t.db, { token, acceptLanguage });

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db);
  learner = await seedEmployee(t.db, employer.companyId);
  colleague = await seedEmployee(t.db, employer.companyId);
  learnerToken = (await sessionFor(t.db, learner)).token;
  colleagueToken = (await sessionFor(t.db, colleague)).token;
  foreignEmployer = await seedEmployer(t.db, { companyName: 'Fremde AG' });
  foreignLearner = await seedEmployee(t.db, foreignEmployer.companyId);
  const boss = as(employer.token).caller;
  await boss.trainings.assign({ trainingSlug: SLUG, ownerId: learner.id });
  await boss.trainings.assign({ trainingSlug: SLUG, ownerId: colleague.id });
});
afterAll(() => t.cleanup());

const progressRow = async (userId: string, slug = SLUG) =>
  (await t.db.select().from(courseProgress).where(eq(courseProgress.userId, userId))).find(
    (row) => row.courseSlug === slug,
  );

const bank = (lang: 'de' | 'en' = 'de') => {
  const course = courseCatalog().get(SLUG);
  if (!course) throw new Error('course missing');
  return course.text[lang];
};
const keyOf = (questionId: string) =>
  bank()
    .quiz.find((q) => q.id === questionId)
    ?.answers.filter((a) => a.correct)
    .map((a) => a.id) ?? [];
const wrongOf = (questionId: string) => {
  const question = bank().quiz.find((q) => q.id === questionId);
  const wrong = question?.answers.find((a) => !a.correct);
  // A question whose answers are all right has no wrong single choice: leave one right answer out.
  return wrong ? [wrong.id] : (question?.answers.slice(1).map((a) => a.id) ?? []);
};

async function readAllSlides(token: string) {
  const { caller } = as(token);
  await caller.progress.create({ trainingSlug: SLUG });
  const slides = bank().slides;
  for (let index = 0; index < slides.length; index++) {
    const slide = slides[index];
    if (!slide) continue;
    await caller.progress.save({
      trainingSlug: SLUG,
      slideIndex: index,
      workingSeconds: 30,
      slideSeconds: { [slide.id]: 120 },
    });
  }
}

describe('courses synced from content/', () => {
  it('puts the twelve courses into the database, idempotently', async () => {
    expect(await count(t.db, 'courses')).toBe(12);
    await syncCourses(t.db);
    expect(await count(t.db, 'courses')).toBe(12);
    const [row] = await t.db.select().from(courses).where(eq(courses.slug, SLUG));
    expect(row).toMatchObject({ slug: SLUG, section: 'cyber_security', active: true, titleDe: bank('de').title });
  });
});

describe('get-training', () => {
  it('sends every slide with its type, picture and alt text, and the exercise of each interactive slide', async () => {
    const { caller } = as(learnerToken);
    const de = await caller.trainings.get({ slug: SLUG, lang: 'de' });
    const file = bank('de').slides;
    expect(de.slides.map((s) => s.type)).toEqual(file.map((s) => s.type ?? 'text'));
    for (const slide of de.slides) {
      expect(slide.image).toMatch(new RegExp(`^/media/courses/${SLUG}/[a-z0-9-]+\\.svg$`));
      expect(slide.imageAlt.length).toBeGreaterThanOrEqual(5);
      expect(slide.exercise === null).toBe(slide.type === 'text');
      if (slide.exercise) expect(slide.exercise.type).toBe(slide.type);
      // The body arrives drawn as well (ADR 038), from the same Markdown, headings one level down.
      expect(slide.html).toBe(slideHtml(slide.body));
      expect(slide.html).not.toMatch(/<h1|<script/);
    }
    expect(de.slides.some((s) => s.html.includes('<h2>'))).toBe(true);
    expect(de.slides.filter((s) => s.exercise).length).toBeGreaterThanOrEqual(2);
  });

  it('answers the course in the asked language without any quiz question or key', async () => {
    const { caller } = as(learnerToken);
    const de = await caller.trainings.get({ slug: SLUG, lang: 'de' });
    const en = await caller.trainings.get({ slug: SLUG, lang: 'en' });
    expect(de.title).toBe(bank('de').title);
    expect(en.title).toBe(bank('en').title);
    expect(de.slides.map((s) => s.id)).toEqual(bank().slides.map((s) => s.id));
    const text = JSON.stringify([de, en]);
    // Exercises carry their own answers (practice, ADR 031); nothing of the quiz bank is sent.
    expect(text).not.toMatch(/"answers"/);
    for (const question of [...bank('de').quiz, ...bank('en').quiz]) {
      expect(text).not.toContain(question.question);
      expect(text).not.toContain(question.explanation);
    }
  });

  it('defaults to the Accept-Language of the request', async () => {
    const course = await as(learnerToken, 'en').caller.trainings.get({ slug: SLUG });
    expect(course.lang).toBe('en');
  });

  it('answers 404 for a course that is not assigned, unknown, or asked for by an admin-less stranger', async () => {
    const { caller, errorOf } = as(learnerToken);
    const notAssigned = await errorOf(caller.trainings.get({ slug: OTHER }));
    expect(notAssigned.error.code).toBe('NOT_FOUND');
    // The page says which it is (the twelve courses are public): not assigned, or no such course.
    expect(notAssigned.shape.data.messageKey).toBe('training.not_found');
    const unknown = await errorOf(caller.trainings.get({ slug: 'no-such-course' }));
    expect(unknown.error.code).toBe('NOT_FOUND');
    expect(unknown.shape.data.messageKey).toBe('training.unknown_course');
    const stranger = callerFor(t.db);
    expect((await stranger.errorOf(stranger.caller.trainings.get({ slug: SLUG }))).shape.data.errorCode).toBe(
      'AUTHORIZATION_REQUIRED',
    );
  });
});

describe('my trainings', () => {
  it('lists assigned courses with status and progress, in the asked language', async () => {
    const list = await as(learnerToken).caller.trainings.list({ lang: 'en' });
    expect(list.map((card) => card.slug)).toEqual([SLUG]);
    expect(list[0]).toMatchObject({ title: bank('en').title, progress: { status: 'assigned', percent: 0 } });
    expect(list[0]?.image).toMatch(/^\/media\/courses\/password-security\/.+\.svg$/);
    expect(JSON.stringify(list)).not.toMatch(/"correct"|"explanation"|"quiz"/);
  });
});

describe('progress', () => {
  it('refuses malformed progress with a clear error and changes nothing', async () => {
    const { caller, errorOf } = as(learnerToken);
    await caller.progress.create({ trainingSlug: SLUG });
    const before = await progressRow(learner.id);
    const slides = bank().slides;
    const bad: {
      trainingSlug: string;
      slideIndex: number;
      workingSeconds: number;
      slideSeconds: Record<string, number>;
    }[] = [
      { trainingSlug: SLUG, slideIndex: slides.length, workingSeconds: 5, slideSeconds: {} },
      { trainingSlug: SLUG, slideIndex: 0, workingSeconds: 5, slideSeconds: { 'not-a-slide': 5 } },
      { trainingSlug: SLUG, slideIndex: 0, workingSeconds: -1, slideSeconds: {} },
      { trainingSlug: SLUG, slideIndex: 0, workingSeconds: 99_999, slideSeconds: {} },
    ];
    for (const input of bad) {
      const { error, shape } = await errorOf(caller.progress.save(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.message).toMatch(/ungültig|Eingabe/);
    }
    expect(await progressRow(learner.id)).toEqual(before);
  });

  it('saves position, working time and attention, and resumes at the saved slide', async () => {
    const { caller } = as(learnerToken);
    const slides = bank().slides;
    const first = slides[0];
    const second = slides[1];
    if (!first || !second) throw new Error('slides missing');
    await caller.progress.save({
      trainingSlug: SLUG,
      slideIndex: 1,
      workingSeconds: 40,
      slideSeconds: { [first.id]: 600 },
    });
    const saved = await caller.progress.save({
      trainingSlug: SLUG,
      slideIndex: 1,
      workingSeconds: 3,
      slideSeconds: { [second.id]: 1 },
    });
    expect(saved).toMatchObject({ status: 'started', slideIndex: 1, maxSlideIndex: 1, workingSeconds: 43 });
    // Slide 1 was read long enough, slide 2 (1 s) was not: half the seen slides.
    expect(saved.attention).toBe(0.5);
    expect(await caller.progress.getSingle({ slug: SLUG })).toMatchObject({ slideIndex: 1 });
  });

  it('never shows or changes another learner’s progress', async () => {
    const { caller, errorOf } = as((await sessionFor(t.db, foreignLearner)).token);
    expect((await errorOf(caller.progress.getSingle({ slug: SLUG }))).error.code).toBe('NOT_FOUND');
    expect((await errorOf(caller.progress.create({ trainingSlug: SLUG }))).error.code).toBe('NOT_FOUND');
    const save = { trainingSlug: SLUG, slideIndex: 0, workingSeconds: 1, slideSeconds: {} };
    expect((await errorOf(caller.progress.save(save))).error.code).toBe('NOT_FOUND');
    expect((await errorOf(caller.progress.startQuiz({ trainingSlug: SLUG }))).error.code).toBe('NOT_FOUND');
    expect(
      (await errorOf(caller.progress.answer({ trainingSlug: SLUG, questionId: 'q-1', answerIds: ['a'] }))).error.code,
    ).toBe('NOT_FOUND');
    expect((await errorOf(caller.progress.getQuiz({ slug: SLUG }))).error.code).toBe('NOT_FOUND');
    expect(await caller.progress.get()).toEqual([]);
    // The foreign employer's company view holds only their own people.
    const foreign = await as(foreignEmployer.token).caller.progress.getCompany();
    expect(foreign.map((member) => member.userId)).not.toContain(learner.id);
    // An employee has no company view at all.
    const own = as(learnerToken);
    expect((await own.errorOf(own.caller.progress.getCompany())).error.code).toBe('NOT_FOUND');
  });
});

describe('quiz', () => {
  it('needs the slides first', async () => {
    const { caller, errorOf } = as(colleagueToken);
    await caller.progress.create({ trainingSlug: SLUG });
    expect((await errorOf(caller.progress.startQuiz({ trainingSlug: SLUG }))).shape.data.messageKey).toBe(
      'training.slides_first',
    );
  });

  it('draws five questions without the key; a pass with all right answers completes the course', async () => {
    await readAllSlides(learnerToken);
    const { caller } = as(learnerToken);
    const quiz = await caller.progress.startQuiz({ trainingSlug: SLUG });
    expect(quiz.questions).toHaveLength(5);
    expect(new Set(quiz.questions.map((q) => q.id)).size).toBe(5);
    expect(JSON.stringify(quiz)).not.toMatch(/"correct"|"explanation"/);
    expect(quiz.feedback).toEqual([]);
    // A reload resumes the same attempt.
    expect((await caller.progress.startQuiz({ trainingSlug: SLUG })).attemptId).toBe(quiz.attemptId);

    let last = quiz;
    for (const question of quiz.questions) {
      const result = await caller.progress.answer({
        trainingSlug: SLUG,
        questionId: question.id,
        answerIds: keyOf(question.id),
      });
      expect(result.feedback).toMatchObject({ correct: true, correctAnswerIds: keyOf(question.id) });
      expect(result.feedback.explanation.length).toBeGreaterThan(10);
      last = result.quiz;
    }
    expect(last).toMatchObject({ finished: true, score: 100, passed: true });
    expect(await caller.progress.getSingle({ slug: SLUG })).toMatchObject({
      status: 'completed',
      percent: 100,
      bestScore: 100,
      quizRepeatCount: 0,
    });
  });

  it('a yearly refresher starts a new cycle: the passed attempt before it is history, not the current quiz', async () => {
    // The learner passed in the test above; a refresher reopens the course (ADR 033).
    const { caller } = as(learnerToken);
    const passed = await caller.progress.getQuiz({ slug: SLUG });
    expect(passed).toMatchObject({ finished: true, passed: true });
    const reopened = await transaction(t.db, (tx) => reopenCompletedCourses(tx, learner.id, new Date()));
    expect(reopened).toEqual([SLUG]);
    expect(await caller.progress.getQuiz({ slug: SLUG })).toBeNull();
    await readAllSlides(learnerToken);
    const fresh = await caller.progress.startQuiz({ trainingSlug: SLUG });
    expect(fresh.attemptId).not.toBe(passed?.attemptId);
    expect(fresh).toMatchObject({ finished: false, feedback: [] });
    expect((await caller.progress.getQuiz({ slug: SLUG }))?.attemptId).toBe(fresh.attemptId);
    for (const question of fresh.questions)
      await caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds: keyOf(question.id) });
    expect(await caller.progress.getSingle({ slug: SLUG })).toMatchObject({ status: 'completed', quizRepeatCount: 0 });
  });

  it('refuses invalid or repeated answers and changes nothing', async () => {
    await readAllSlides(colleagueToken);
    const { caller, errorOf } = as(colleagueToken);
    const quiz = await caller.progress.startQuiz({ trainingSlug: SLUG });
    const question = quiz.questions[0];
    if (!question) throw new Error('no question');
    const attemptBefore = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, quiz.attemptId));
    expect(attemptBefore).toHaveLength(1);
    for (const answerIds of [['zz'], [], ['a', 'not valid!']]) {
      const { error } = await errorOf(
        caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds }),
      );
      expect(error.code).toBe('BAD_REQUEST');
    }
    const notDrawn = bank().quiz.find((q) => !quiz.questions.some((d) => d.id === q.id));
    if (notDrawn) {
      const { error } = await errorOf(
        caller.progress.answer({ trainingSlug: SLUG, questionId: notDrawn.id, answerIds: keyOf(notDrawn.id) }),
      );
      expect(error.code).toBe('BAD_REQUEST');
    }
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, quiz.attemptId))).toEqual(attemptBefore);

    await caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds: wrongOf(question.id) });
    const twice = await errorOf(
      caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds: keyOf(question.id) }),
    );
    expect(twice.error.code).toBe('CONFLICT');
  });

  it('a failed attempt counts a quiz repeat on the next start, and a module repeat resets the slides', async () => {
    const { caller } = as(colleagueToken);
    let quiz =
      (await caller.progress.getQuiz({ slug: SLUG })) ?? (await caller.progress.startQuiz({ trainingSlug: SLUG }));
    for (const question of quiz.questions) {
      if (quiz.feedback.some((f) => f.questionId === question.id)) continue;
      quiz = (
        await caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds: wrongOf(question.id) })
      ).quiz;
    }
    expect(quiz).toMatchObject({ finished: true, passed: false, score: 0 });
    expect(await caller.progress.getSingle({ slug: SLUG })).toMatchObject({ status: 'started', quizRepeatCount: 0 });

    const again = await caller.progress.startQuiz({ trainingSlug: SLUG });
    expect(again.attemptId).not.toBe(quiz.attemptId);
    expect((await caller.progress.getSingle({ slug: SLUG })).quizRepeatCount).toBe(1);
    // Starting again resumes the open attempt; it is not counted twice.
    await caller.progress.startQuiz({ trainingSlug: SLUG });
    expect((await caller.progress.getSingle({ slug: SLUG })).quizRepeatCount).toBe(1);

    for (const question of again.questions) {
      await caller.progress.answer({ trainingSlug: SLUG, questionId: question.id, answerIds: wrongOf(question.id) });
    }
    expect(await caller.progress.repeatModule({ trainingSlug: SLUG })).toEqual({ slideIndex: 0 });
    await caller.progress.repeatModule({ trainingSlug: SLUG });
    const afterModule = await caller.progress.getSingle({ slug: SLUG });
    expect(afterModule).toMatchObject({ moduleRepeatCount: 1, slideIndex: 0, maxSlideIndex: 0, quizRepeatCount: 1 });
    const as2 = as(colleagueToken);
    expect((await as2.errorOf(as2.caller.progress.startQuiz({ trainingSlug: SLUG }))).shape.data.messageKey).toBe(
      'training.slides_first',
    );
    // After re-reading, the next quiz is a fresh try, not a quiz repeat.
    await readAllSlides(colleagueToken);
    await caller.progress.startQuiz({ trainingSlug: SLUG });
    expect((await caller.progress.getSingle({ slug: SLUG })).quizRepeatCount).toBe(1);
  });
});

describe('demo seed', () => {
  it('assigns six courses to every demo customer: one course half done, one completed, and the manager certified', async () => {
    const demo = await createTestDb();
    try {
      await seedDemoData(demo.db, () => 'not-a-real-hash', 'irrelevant');
      await seedDemoLearning(demo.db);
      const rows = await rawRows<{ email: string; courses: number }>(
        demo.db,
        sql`select u.email, count(a.course_slug) as courses from users u join course_assignments a on a.user_id = u.id
             group by u.email order by u.email`,
      );
      expect(rows).toHaveLength(5);
      for (const row of rows) expect(row.courses).toBe(6);
      const progress = await rawRows(
        demo.db,
        sql`select u.email, p.course_slug as slug, p.status, p.slide_index as slide from course_progress p
              join users u on u.id = p.user_id order by u.email, p.course_slug`,
      );
      const done = (email: string, slug: string) => ({ email, slug, status: 'completed', slide: expect.any(Number) });
      expect(progress).toEqual([
        { email: 'employee2@example.com', slug: 'social-engineering', status: 'started', slide: expect.any(Number) },
        done('employee3@example.com', '5-golden-rules'),
        ...[...DEMO_COURSES].sort().map((slug) => done('manager@example.com', slug)),
      ]);
      expect((progress[0] as { slide: number }).slide).toBeGreaterThan(0);
    } finally {
      await demo.cleanup();
    }
  });
});

describe('assignment', () => {
  it('employers and managers assign within their company only; employees cannot', async () => {
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const { caller, errorOf } = as((await sessionFor(t.db, manager)).token);
    expect(await caller.trainings.assign({ trainingSlug: OTHER, ownerId: learner.id })).toMatchObject({
      assigned: true,
    });
    expect(
      (await errorOf(caller.trainings.assign({ trainingSlug: OTHER, ownerId: foreignLearner.id }))).error.code,
    ).toBe('NOT_FOUND');
    expect((await errorOf(caller.trainings.assign({ trainingSlug: 'nope', ownerId: learner.id }))).error.code).toBe(
      'NOT_FOUND',
    );
    const employee = as(learnerToken);
    expect(
      (await employee.errorOf(employee.caller.trainings.assign({ trainingSlug: OTHER, ownerId: learner.id }))).error
        .code,
    ).toBe('NOT_FOUND');
    const slugs = (await as(learnerToken).caller.trainings.list({})).map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining([SLUG, OTHER]));
  });

  it('assign-to-all and revoke-for-all reach every person of the company and nobody else', async () => {
    const { caller } = as(employer.token);
    const all = await caller.trainings.assignToAll({ trainingSlug: 'byod' });
    expect(all.changed).toBeGreaterThanOrEqual(3);
    expect((await as(colleagueToken).caller.trainings.list({})).map((c) => c.slug)).toContain('byod');
    expect(await as(foreignEmployer.token).caller.trainings.list({})).toEqual([]);
    await caller.trainings.revokeForAll({ trainingSlug: 'byod' });
    expect((await as(colleagueToken).caller.trainings.list({})).map((c) => c.slug)).not.toContain('byod');
    // Revoking keeps recorded progress.
    await caller.trainings.revoke({ trainingSlug: SLUG, ownerId: learner.id });
    expect((await progressRow(learner.id))?.status).toBe('completed');
    const gone = as(learnerToken);
    expect((await gone.errorOf(gone.caller.trainings.get({ slug: SLUG }))).error.code).toBe('NOT_FOUND');
  });
});
