import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createLearner, progressOf } from './support/db.ts';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, test } from './support/fixtures.ts';

type TCourseFile = {
  title: string;
  slides: { id: string; title: string }[];
  quiz: { id: string; question: string; answers: { id: string; text: string; correct: boolean }[] }[];
};
const course = (slug: string, lang: 'de' | 'en'): TCourseFile =>
  JSON.parse(readFileSync(new URL(`../content/courses/${slug}/${lang}.json`, import.meta.url), 'utf8'));

const TEXT = {
  de: {
    toQuiz: 'Zum Quiz',
    check: 'Antwort prüfen',
    next: 'Nächste Frage',
    result: 'Ergebnis anzeigen',
    right: 'Das ist richtig',
    wrong: 'Das ist falsch',
    passed: 'Bestanden!',
    failed: 'Sie haben leider nicht bestanden.',
    repeatQuiz: 'Quiz wiederholen',
    back: 'Zu meinen Schulungen',
    completed: 'Abgeschlossen',
    start: 'Schulung starten',
  },
  en: {
    toQuiz: 'Go to the quiz',
    check: 'Check answer',
    next: 'Next question',
    result: 'Show result',
    right: 'That is correct',
    wrong: 'That is wrong',
    passed: 'Passed!',
    failed: 'Unfortunately, you did not pass.',
    repeatQuiz: 'Repeat quiz',
    back: 'Back to my courses',
    completed: 'Completed',
    start: 'Start course',
  },
} as const;

async function signInAs(page: Page, email: string, lang: 'de' | 'en') {
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trainings$/);
}

/** Reads every slide with the arrow key, checking each title. */
async function readSlidesByKeyboard(page: Page, file: TCourseFile) {
  for (const [index, slide] of file.slides.entries()) {
    await expect(page).toHaveURL(new RegExp(`/${index + 1}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
    if (index < file.slides.length - 1) await page.keyboard.press('ArrowRight');
  }
}

/** Answers the question on screen, right or wrong, with the keyboard alone. */
async function answer(page: Page, file: TCourseFile, lang: 'de' | 'en', right: boolean) {
  const form = page.locator('form');
  const questionText = (await form.locator('.quiz-question').textContent()) ?? '';
  const question = file.quiz.find((q) => q.question === questionText);
  if (!question) throw new Error(`question not in the bank: ${questionText}`);
  const correct = question.answers.filter((a) => a.correct);
  const wrong = question.answers.filter((a) => !a.correct);
  const picks = right ? correct : wrong.length > 0 ? [wrong[0]] : correct.slice(1);
  for (const pick of picks) {
    if (!pick) continue;
    const option = form.getByRole(correct.length > 1 ? 'checkbox' : 'radio', { name: pick.text, exact: true });
    await option.focus();
    await page.keyboard.press('Space');
    await expect(option).toBeChecked();
  }
  await form.getByRole('button', { name: TEXT[lang].check }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: right ? TEXT[lang].right : TEXT[lang].wrong })).toBeVisible();
}

async function answerAll(page: Page, file: TCourseFile, lang: 'de' | 'en', rightAnswers: number) {
  for (let step = 1; step <= 5; step++) {
    await expect(page).toHaveURL(new RegExp(`/quiz/${step}$`));
    await answer(page, file, lang, step <= rightAnswers);
    const next = page.getByRole('button', { name: step < 5 ? TEXT[lang].next : TEXT[lang].result });
    await next.focus();
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/quiz\/result$/);
}

for (const lang of ['de', 'en'] as const) {
  test(`(${lang}) an employee reads a course, passes the quiz and the course shows as completed`, async ({ page }) => {
    const slug = 'password-security';
    const file = course(slug, lang);
    const email = `learner-pass-${lang}@example.com`;
    await createLearner(email, [slug, 'malware'], lang);
    await signInAs(page, email, lang);
    await expect(page.getByRole('heading', { name: file.title })).toBeVisible();
    await page.getByTestId(`open-${slug}`).click();
    await expect(page).toHaveURL(new RegExp(`/trainings/${slug}/1$`));
    await expectNoAxeViolations(page);
    await readSlidesByKeyboard(page, file);
    const toQuiz = page.getByRole('button', { name: TEXT[lang].toQuiz });
    await toQuiz.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/quiz\/1$/);
    await expectNoAxeViolations(page);
    await answerAll(page, file, lang, 5);
    await expect(page.getByRole('heading', { name: TEXT[lang].passed })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: TEXT[lang].back }).click();
    const card = page.getByRole('listitem').filter({ hasText: file.title });
    await expect(card.getByText(TEXT[lang].completed, { exact: true })).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  test(`(${lang}) an employee fails the quiz, repeats it, and the repeat is counted`, async ({ page }) => {
    const slug = 'malware';
    const file = course(slug, lang);
    const email = `learner-fail-${lang}@example.com`;
    const userId = await createLearner(email, [slug], lang);
    await signInAs(page, email, lang);
    await page.getByTestId(`open-${slug}`).click();
    await readSlidesByKeyboard(page, file);
    await page.getByRole('button', { name: TEXT[lang].toQuiz }).click();
    await answerAll(page, file, lang, 3);
    await expect(page.getByRole('heading', { name: TEXT[lang].failed })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await progressOf(userId, slug)).toMatchObject({ status: 'started', quizRepeatCount: 0 });
    await page.getByRole('button', { name: TEXT[lang].repeatQuiz }).click();
    await expect(page).toHaveURL(/\/quiz\/1$/);
    await expect.poll(async () => (await progressOf(userId, slug))?.quizRepeatCount).toBe(1);
    await answerAll(page, file, lang, 4);
    await expect(page.getByRole('heading', { name: TEXT[lang].passed })).toBeVisible();
    expect(await progressOf(userId, slug)).toMatchObject({ status: 'completed', quizRepeatCount: 1 });
  });
}

test('a reload in the middle of a course resumes at the same slide', async ({ page }) => {
  const slug = 'email-security';
  const file = course(slug, 'de');
  const email = 'learner-resume@example.com';
  const userId = await createLearner(email, [slug]);
  await signInAs(page, email, 'de');
  await page.getByTestId(`open-${slug}`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.slides[0]?.title ?? '');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/trainings/${slug}/2$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.slides[1]?.title ?? '');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/trainings/${slug}/3$`));
  await expect.poll(async () => (await progressOf(userId, slug))?.slideIndex).toBe(2);
  await page.goto(`/trainings/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/trainings/${slug}/3$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.slides[2]?.title ?? '');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.slides[2]?.title ?? '');
});

test('a course that is not assigned says so and leads back to my trainings', async ({ page }) => {
  await createLearner('learner-404@example.com', ['malware']);
  await signInAs(page, 'learner-404@example.com', 'de');
  // remote-work: a course no other spec assigns (specs run in parallel)
  await page.goto('/trainings/remote-work');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Schulung ist Ihnen nicht zugewiesen');
  // Not a slide of the course: the address stays, nothing of the course is shown.
  await expect(page).toHaveURL('/trainings/remote-work');
  await page.getByRole('main').getByRole('link', { name: 'Meine Schulungen' }).click();
  await expect(page).toHaveURL('/trainings');
});
