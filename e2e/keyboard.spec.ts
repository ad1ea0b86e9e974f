import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createTranslator } from '@portal/i18n';
import { completeCourses, createLearner } from './support/db.ts';
import { DEMO_PASSWORD, expect, test } from './support/fixtures.ts';

/*
 * The learner's journey with the keyboard alone (issue 7): sign in, open the trainings, start a
 * course, read every slide, answer the quiz, pass, and open the certificate, using only Tab,
 * Shift+Tab, Enter, Space and the arrow keys through `page.keyboard`. After every key that moves
 * the focus, the focused element must show a focus indicator; on each page of the journey, Tab
 * must run from the skip link to the last link of the footer and Shift+Tab back (no trap).
 */

const t = createTranslator('de');
const SLUG = '5-golden-rules';
const OTHERS = ['password-security', 'email-security', 'social-engineering', 'malware', 'cyber-emergency'];

type TCourseFile = {
  title: string;
  slides: { title: string }[];
  quiz: { question: string; answers: { text: string; correct: boolean }[] }[];
};
const file: TCourseFile = JSON.parse(
  readFileSync(new URL(`../content/courses/${SLUG}/de.json`, import.meta.url), 'utf8'),
);

/**
 * What has the focus: a stable id per element (set on first sight), whether it is the page
 * itself, and if not, why its focus would be invisible (null when an indicator is shown).
 */
async function focusState(page: Page): Promise<{ id: string; onPage: boolean; problem: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return { id: 'body', onPage: false, problem: null };
    }
    const counter = window as unknown as { __kb?: number };
    counter.__kb = (counter.__kb ?? 0) + 1;
    element.dataset.kb ??= String(counter.__kb);
    const id = `${element.tagName.toLowerCase()}#${element.dataset.kb}: ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}`;
    const rect = element.getBoundingClientRect();
    // A visually hidden input (a radio, a checkbox) shows its ring on its label.
    const ring = [element, element.closest('label')].find((candidate): candidate is HTMLElement => {
      if (!candidate) return false;
      // The portal's ring is a 3 px outline (styles.css); a box-shadow could be a card's at rest.
      const style = getComputedStyle(candidate);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    });
    const box = (ring ?? element).getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0;
    const inView = box.left < window.innerWidth && box.top < window.innerHeight;
    const problem = !ring
      ? `no focus indicator (an outline of 2 px or more) on ${element.outerHTML.slice(0, 160)}`
      : !onScreen || !inView
        ? `focus indicator off screen for ${element.outerHTML.slice(0, 160)} (${JSON.stringify(rect)})`
        : null;
    return { id, onPage: true, problem };
  });
}

/** One key that moves the focus; the focus must land somewhere visible. */
async function press(page: Page, key: 'Tab' | 'Shift+Tab') {
  await page.keyboard.press(key);
  const state = await focusState(page);
  expect(state.problem, `after ${key}`).toBeNull();
  return state;
}

/** Tabs (or Shift+Tabs) until `target` has the focus, checking every stop on the way. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60) {
  await expect(target).toBeVisible();
  for (let step = 0; step < max; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await press(page, key);
  }
  throw new Error(`${key} did not reach ${target} within ${max} steps`);
}

/**
 * No keyboard trap: Shift+Tab reaches the skip link; from there Tab visits each stop once until the footer's last link;
 * from there Shift+Tab goes back to the skip link, again without repeating a stop.
 */
async function expectNoTrap(page: Page) {
  const first = page.getByRole('link', { name: t('app.skip_to_content') });
  const last = page.getByRole('contentinfo').getByRole('link', { name: t('footer.order_processing') });
  // To the top first, with the keys themselves.
  await tabTo(page, first, 'Shift+Tab');
  for (const [key, goal] of [
    ['Tab', last],
    ['Shift+Tab', first],
  ] as const) {
    const seen = new Set<string>();
    for (let step = 0; ; step++) {
      if (await goal.evaluate((element) => element === document.activeElement)) break;
      const state = await press(page, key);
      expect(state.onPage, `${key} left the page before reaching ${goal}`).toBe(true);
      expect(seen.has(state.id), `${key} came back to ${state.id}: a trap`).toBe(false);
      seen.add(state.id);
      expect(step, `${key} needs too many steps`).toBeLessThan(120);
    }
  }
}

const choose = async (page: Page, option: Locator) => {
  // The radio that has the focus is chosen with the arrow keys; Space when it already is the one.
  const options = page.getByRole('radio');
  const target = await option.evaluate((element) => (element as HTMLInputElement).value);
  const values = await options.evaluateAll((elements) => elements.map((e) => (e as HTMLInputElement).value));
  const from = await options.evaluateAll((elements) => elements.indexOf(document.activeElement as HTMLElement));
  const to = values.indexOf(target);
  if (from === to) await page.keyboard.press('Space');
  for (let index = from; index < to; index++) await page.keyboard.press('ArrowDown');
  for (let index = from; index > to; index--) await page.keyboard.press('ArrowUp');
};

/** Answers the question on screen rightly, keys only. */
async function answerRight(page: Page) {
  const form = page.locator('form');
  const text = (await form.locator('.quiz-question').textContent()) ?? '';
  const question = file.quiz.find((q) => q.question === text);
  if (!question) throw new Error(`question not in the course file: ${text}`);
  const correct = question.answers.filter((a) => a.correct);
  // Checkboxes when the question is marked as having several right answers, radios otherwise.
  if ((await form.getByRole('checkbox').count()) > 0) {
    for (const answer of correct) {
      const box = form.getByRole('checkbox', { name: answer.text, exact: true });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  } else {
    const radio = form.getByRole('radio', { name: correct[0]?.text ?? '', exact: true });
    await tabTo(page, form.getByRole('radio').first());
    await choose(page, radio);
    await expect(radio).toBeChecked();
    expect((await focusState(page)).problem).toBeNull();
  }
  await tabTo(page, form.getByRole('button', { name: t('training.submit_answer') }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.verdict')).toHaveText(`✓ ${t('training.answer_correct')}`);
}

test('a learner goes from sign-in to the certificate with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `keyboard.${Date.now()}@example.com`;
  await completeCourses(
    await createLearner(email, [SLUG, ...OTHERS], 'de', { firstname: 'Kim', lastname: 'Keyboard' }),
    OTHERS,
  );

  // Sign in: Tab to the fields, type, Enter submits.
  await page.goto('/login');
  await expectNoTrap(page);
  await tabTo(page, page.getByLabel(t('form.email')), 'Shift+Tab');
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(t('form.password'), { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/trainings$/);

  // The trainings: the one open course, started with Enter on its link.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.my_trainings'));
  await expectNoTrap(page);
  await tabTo(page, page.getByRole('link', { name: `${t('training.start')}: ${file.title}` }), 'Shift+Tab');
  await page.keyboard.press('Enter');

  // Every slide with the arrow key; the new slide's heading takes the focus.
  for (const [index, slide] of file.slides.entries()) {
    await expect(page).toHaveURL(new RegExp(`/trainings/${SLUG}/${index + 1}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    if (index === 0) await expectNoTrap(page);
    if (index < file.slides.length - 1) await page.keyboard.press('ArrowRight');
  }
  // Back and forth once more with the arrows, then on to the quiz.
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`/${file.slides.length - 1}$`));
  // As in the loop above: the slide has rendered and taken the focus before the next key.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.slides.at(-2)?.title ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/${file.slides.length}$`));
  await expectNoTrap(page);
  await tabTo(page, page.getByRole('button', { name: new RegExp(`^${t('training.to_quiz')}`) }), 'Shift+Tab');
  await page.keyboard.press('Enter');

  // Five questions; after each answer the next button has the focus.
  for (let step = 1; step <= 5; step++) {
    await expect(page).toHaveURL(new RegExp(`/quiz/${step}$`));
    if (step === 1) await expectNoTrap(page);
    await answerRight(page);
    const next = page.getByRole('button', {
      name: new RegExp(`^${step < 5 ? t('training.next_question') : t('training.show_result')}`),
    });
    await expect(next).toBeFocused();
    expect((await focusState(page)).problem).toBeNull();
    await page.keyboard.press('Enter');
  }

  await expect(page).toHaveURL(/\/quiz\/result$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('training.passed_title'));
  await expectNoTrap(page);

  // Through the navigation to the certificate, which six completed courses now give.
  await tabTo(page, page.getByRole('link', { name: t('nav.personal_certificate') }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/personalCertificate$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.personal_certificate'));
  const preview = page.getByRole('img', { name: /Kim Keyboard/ });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectNoTrap(page);
  await tabTo(page, page.getByRole('button', { name: t('certificate.download') }), 'Shift+Tab');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^Zertifikat-.+\.pdf$/);
});
