import { randomInt } from 'node:crypto';
import type { TCourseLanguage, TLoadedCourse, TQuestion } from '@portal/content';
import {
  and,
  courseProgress,
  desc,
  eq,
  gte,
  isNull,
  quizAttempts,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
} from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { assignedCourse, findProgress, lockProgress } from './course-access.ts';

/** Spec §4 and §9: five questions per attempt, passed at 80 %. */
export const QUIZ_QUESTIONS = 5;
export const QUIZ_PASS_PERCENT = 80;

type TAttemptRow = typeof quizAttempts.$inferSelect;

export interface TAnswerFeedback {
  questionId: string;
  /** The chosen set equals the correct set. */
  correct: boolean;
  chosenAnswerIds: string[];
  correctAnswerIds: string[];
  explanation: string;
}

export interface TQuizView {
  attemptId: string;
  trainingSlug: string;
  /** Questions in the order drawn; answers without the key. */
  questions: { id: string; question: string; answers: { id: string; text: string }[]; multiple: boolean }[];
  /** Feedback for the questions already answered (the key of those only). */
  feedback: TAnswerFeedback[];
  finished: boolean;
  score: number | null;
  passed: boolean | null;
  passPercent: number;
}

/** Fisher-Yates with a CSPRNG: a learner cannot predict the draw. */
function drawQuestionIds(bank: TQuestion[]): string[] {
  const ids = bank.map((q) => q.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  return ids.slice(0, QUIZ_QUESTIONS);
}

const correctIds = (question: TQuestion) => question.answers.filter((a) => a.correct).map((a) => a.id);

function questionById(course: TLoadedCourse, lang: TCourseLanguage, id: string): TQuestion {
  const question = course.text[lang].quiz.find((q) => q.id === id);
  // Ids stored in an attempt come from the catalog; a content change that drops one is a bug.
  if (!question) throw new DomainError('CONFLICT', 'training.quiz_outdated');
  return question;
}

function quizView(course: TLoadedCourse, lang: TCourseLanguage, attempt: TAttemptRow): TQuizView {
  const ids: string[] = JSON.parse(attempt.questionIds);
  const answers: Record<string, string[]> = JSON.parse(attempt.answers);
  const questions = ids.map((id) => questionById(course, lang, id));
  return {
    attemptId: attempt.id,
    trainingSlug: course.meta.slug,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      answers: q.answers.map((a) => ({ id: a.id, text: a.text })),
      // Telling whether several answers are right is part of the question, not of the key.
      multiple: correctIds(q).length > 1,
    })),
    feedback: questions.filter((q) => answers[q.id]).map((q) => feedbackFor(q, answers[q.id] ?? [])),
    finished: attempt.finishedAt !== null,
    score: attempt.score,
    passed: attempt.passed,
    passPercent: QUIZ_PASS_PERCENT,
  };
}

function feedbackFor(question: TQuestion, chosen: string[]): TAnswerFeedback {
  const right = correctIds(question);
  const chosenSet = new Set(chosen);
  return {
    questionId: question.id,
    correct: right.length === chosenSet.size && right.every((id) => chosenSet.has(id)),
    chosenAnswerIds: chosen,
    correctAnswerIds: right,
    explanation: question.explanation,
  };
}

/**
 * The latest attempt of the progress row's current cycle. A yearly refresher (ADR 033) starts the
 * row over and sets `startedAt`; the attempts of the cycle before stay with the row as history and
 * are not the learner's current quiz.
 */
async function latestAttempt(db: TDb, progress: { id: string; startedAt: Date }): Promise<TAttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.progressId, progress.id), gte(quizAttempts.startedAt, progress.startedAt)))
    .orderBy(desc(quizAttempts.startedAt), desc(quizAttempts.id))
    .limit(1);
  return attempt;
}

async function openAttempt(db: TDb, progressId: string): Promise<TAttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.progressId, progressId), isNull(quizAttempts.finishedAt)))
    .limit(1);
  return attempt;
}

/**
 * The learner's progress row, locked until the transaction ends (`lockProgress`): the quiz calls
 * read the progress and its attempts, decide, and write, so two of them for the same learner and
 * course (a double click, two tabs) take turns and the second sees what the first wrote.
 */
async function requireLockedProgress(tx: TTransaction, learner: TSessionUser, course: TLoadedCourse) {
  const progress = await lockProgress(tx, learner.id, course.meta.slug);
  if (!progress) throw new DomainError('CONFLICT', 'training.slides_first');
  return progress;
}

/**
 * Starts (or resumes) a quiz. The slides come first: a learner who has not reached the last slide
 * gets `training.slides_first`. A new attempt after a failed one is a quiz repeat (quizRepeatCount
 * + 1) unless the learner repeated the whole module since.
 */
export async function startQuiz(
  db: TDatabase,
  learner: TSessionUser,
  slug: string,
  now = new Date(),
): Promise<TQuizView> {
  // Read committed with the progress row locked: two starts at once take turns, so the second
  // resumes the first one's attempt instead of opening another and counting a second repeat (ADR 028).
  return transaction(db, async (tx) => {
    const course = await assignedCourse(tx, learner, slug);
    const progress = await requireLockedProgress(tx, learner, course);
    const open = await openAttempt(tx, progress.id);
    if (open) return quizView(course, learner.lang, open);
    if (progress.maxSlideIndex < course.text.de.slides.length - 1) {
      throw new DomainError('CONFLICT', 'training.slides_first');
    }
    const previous = await latestAttempt(tx, progress);
    const isRepeat =
      previous?.passed === false &&
      (!progress.moduleRestartedAt || (previous.finishedAt ?? now) > progress.moduleRestartedAt);
    if (isRepeat) {
      await tx
        .update(courseProgress)
        .set({ quizRepeatCount: progress.quizRepeatCount + 1, updatedAt: now })
        .where(eq(courseProgress.id, progress.id));
    }
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        progressId: progress.id,
        questionIds: JSON.stringify(drawQuestionIds(course.text.de.quiz)),
        startedAt: now,
      })
      .returning();
    if (!attempt) throw new Error(`quiz attempt of progress ${progress.id} was not inserted`);
    return quizView(course, learner.lang, attempt);
  });
}

/** The current or last attempt, for resuming `/trainings/{slug}/quiz/{step}` after a reload. */
export async function getQuiz(db: TDb, learner: TSessionUser, slug: string): Promise<TQuizView | null> {
  const course = await assignedCourse(db, learner, slug);
  const progress = await findProgress(db, learner.id, course.meta.slug);
  const attempt = progress && (await latestAttempt(db, progress));
  return attempt ? quizView(course, learner.lang, attempt) : null;
}

export interface TAnswerInput {
  trainingSlug: string;
  questionId: string;
  answerIds: string[];
}

export interface TAnswerResult {
  feedback: TAnswerFeedback;
  quiz: TQuizView;
}

/**
 * Grades one answer of the open attempt. Each question is answered once; after the fifth the
 * attempt is scored, and a pass completes the course.
 */
export async function answerQuestion(
  db: TDatabase,
  learner: TSessionUser,
  input: TAnswerInput,
  now = new Date(),
): Promise<TAnswerResult> {
  // Read committed with the progress row locked: answers of the same attempt take turns, so an
  // answer sent twice is refused as already answered and two answers never overwrite each other's
  // entry or count a correct answer twice (ADR 028).
  return transaction(db, async (tx) => {
    const course = await assignedCourse(tx, learner, input.trainingSlug);
    const progress = await requireLockedProgress(tx, learner, course);
    const attempt = await openAttempt(tx, progress.id);
    if (!attempt) throw new DomainError('CONFLICT', 'training.no_open_quiz');
    const ids: string[] = JSON.parse(attempt.questionIds);
    if (!ids.includes(input.questionId)) throw new DomainError('BAD_REQUEST', 'training.invalid_answer');
    const answers: Record<string, string[]> = JSON.parse(attempt.answers);
    if (answers[input.questionId]) throw new DomainError('CONFLICT', 'training.already_answered');
    const question = questionById(course, learner.lang, input.questionId);
    const chosen = [...new Set(input.answerIds)];
    const known = new Set(question.answers.map((a) => a.id));
    if (chosen.length === 0 || chosen.some((id) => !known.has(id))) {
      throw new DomainError('BAD_REQUEST', 'training.invalid_answer');
    }

    const feedback = feedbackFor(question, chosen);
    answers[input.questionId] = chosen;
    const correctCount = attempt.correctCount + (feedback.correct ? 1 : 0);
    const finished = Object.keys(answers).length === ids.length;
    const score = finished ? Math.round((correctCount / ids.length) * 100) : null;
    const passed = score === null ? null : score >= QUIZ_PASS_PERCENT;
    const [updated] = await tx
      .update(quizAttempts)
      .set({
        answers: JSON.stringify(answers),
        correctCount,
        score,
        passed,
        finishedAt: finished ? now : null,
      })
      .where(eq(quizAttempts.id, attempt.id))
      .returning();
    if (!updated) throw new Error(`quiz attempt ${attempt.id} vanished inside its transaction`);
    if (score !== null) {
      await tx
        .update(courseProgress)
        .set({
          bestScore: Math.max(progress.bestScore ?? 0, score),
          ...(passed && progress.status !== 'completed' && { status: 'completed' as const, completedAt: now }),
          updatedAt: now,
        })
        .where(eq(courseProgress.id, progress.id));
    }
    return { feedback, quiz: quizView(course, learner.lang, updated) };
  });
}

/**
 * "Repeat module" after a failed quiz (DECISIONS.md): moduleRepeatCount + 1 and back to the first
 * slide. "Repeat quiz" is startQuiz; "end the module" needs no call (the course stays started).
 */
export async function repeatModule(
  db: TDatabase,
  learner: TSessionUser,
  slug: string,
  now = new Date(),
): Promise<{ slideIndex: number }> {
  // Read committed with the progress row locked: a double click takes turns, and the second call
  // sees the first one's restart and counts nothing more (ADR 028).
  return transaction(db, async (tx) => {
    const course = await assignedCourse(tx, learner, slug);
    const progress = await requireLockedProgress(tx, learner, course);
    const last = await latestAttempt(tx, progress);
    if (last?.passed !== false || (await openAttempt(tx, progress.id))) {
      throw new DomainError('CONFLICT', 'training.repeat_not_possible');
    }
    if (progress.moduleRestartedAt && last.finishedAt && progress.moduleRestartedAt >= last.finishedAt) {
      // Already restarted after this attempt (a double click): nothing more to count.
      return { slideIndex: 0 };
    }
    await tx
      .update(courseProgress)
      .set({
        moduleRepeatCount: progress.moduleRepeatCount + 1,
        moduleRestartedAt: now,
        slideIndex: 0,
        maxSlideIndex: 0,
        updatedAt: now,
      })
      .where(eq(courseProgress.id, progress.id));
    return { slideIndex: 0 };
  });
}
