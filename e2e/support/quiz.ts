import type { Page } from '@playwright/test';
import type { TCourseFile, TLang } from './course-files.ts';
import { expect } from './fixtures.ts';

const QUIZ_TEXT = {
  de: {
    check: 'Antwort prüfen',
    next: 'Nächste Frage',
    result: 'Ergebnis anzeigen',
    right: 'Das ist richtig',
    wrong: 'Das ist falsch',
  },
  en: {
    check: 'Check answer',
    next: 'Next question',
    result: 'Show result',
    right: 'That is correct',
    wrong: 'That is wrong',
  },
} as const;

/** Answers the question on screen, right or wrong, with the keyboard alone. */
async function answer(page: Page, file: TCourseFile, lang: TLang, right: boolean) {
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
  await form.getByRole('button', { name: QUIZ_TEXT[lang].check }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: right ? QUIZ_TEXT[lang].right : QUIZ_TEXT[lang].wrong }),
  ).toBeVisible();
}

/** Answers the five questions with the keyboard alone, the first `rightAnswers` right. */
export async function answerQuiz(page: Page, file: TCourseFile, lang: TLang, rightAnswers: number) {
  for (let step = 1; step <= 5; step++) {
    await expect(page).toHaveURL(new RegExp(`/quiz/${step}$`));
    await answer(page, file, lang, step <= rightAnswers);
    const next = page.getByRole('button', { name: step < 5 ? QUIZ_TEXT[lang].next : QUIZ_TEXT[lang].result });
    await next.focus();
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/quiz\/result$/);
}
