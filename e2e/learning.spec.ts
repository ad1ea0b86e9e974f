import type { Page } from '@playwright/test';
import { course, signInAs, type TCourseFile } from './support/course-files.ts';
import { createLearner, progressOf } from './support/db.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { answerQuiz } from './support/quiz.ts';

const TEXT = {
  de: {
    toQuiz: 'Zum Quiz',
    passed: 'Bestanden!',
    failed: 'Sie haben leider nicht bestanden.',
    repeatQuiz: 'Quiz wiederholen',
    back: 'Zu meinen Schulungen',
    completed: 'Abgeschlossen',
    start: 'Schulung starten',
  },
  en: {
    toQuiz: 'Go to the quiz',
    passed: 'Passed!',
    failed: 'Unfortunately, you did not pass.',
    repeatQuiz: 'Repeat quiz',
    back: 'Back to my courses',
    completed: 'Completed',
    start: 'Start course',
  },
} as const;

/** Reads every slide with the arrow key, checking each title. */
async function readSlidesByKeyboard(page: Page, file: TCourseFile) {
  for (const [index, slide] of file.slides.entries()) {
    await expect(page).toHaveURL(new RegExp(`/${index + 1}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
    if (index < file.slides.length - 1) await page.keyboard.press('ArrowRight');
  }
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
    await answerQuiz(page, file, lang, 5);
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
    await answerQuiz(page, file, lang, 3);
    await expect(page.getByRole('heading', { name: TEXT[lang].failed })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await progressOf(userId, slug)).toMatchObject({ status: 'started', quizRepeatCount: 0 });
    await page.getByRole('button', { name: TEXT[lang].repeatQuiz }).click();
    await expect(page).toHaveURL(/\/quiz\/1$/);
    await expect.poll(async () => (await progressOf(userId, slug))?.quizRepeatCount).toBe(1);
    await answerQuiz(page, file, lang, 4);
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
