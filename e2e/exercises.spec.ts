import type { Page } from '@playwright/test';
import { course, firstSlideOf, signInAs, TEXT, type TSlide } from './support/course-files.ts';
import { createLearner } from './support/db.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/*
 * Issue 17: the three interactive slide types, played with the mouse and with the keyboard in
 * both languages, with 0 axe violations. They run in the browser only (the server sends the slide),
 * so the PostgreSQL run leaves them out; exercises-quiz.spec.ts runs on both databases.
 */
async function openSlide(page: Page, slug: string, number: number, slide: TSlide) {
  await page.goto(`/trainings/${slug}/${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
}

/** Presses a control with the keyboard: focus it, then Space (toggles, radios) or Enter (buttons). */
async function press(page: Page, locator: ReturnType<Page['locator']>, key: 'Space' | 'Enter') {
  await locator.focus();
  await expect(locator).toBeFocused();
  await page.keyboard.press(key);
}

const scenario = firstSlideOf('scenario');
const spot = firstSlideOf('spot-the-signs');
const sort = firstSlideOf('sort');
const slugs = [...new Set([scenario.slug, spot.slug, sort.slug])];

for (const lang of ['de', 'en'] as const) {
  const text = TEXT[lang];

  test(`(${lang}) scenario: each choice shows its feedback at once, with the mouse and the keyboard`, async ({
    page,
  }) => {
    const slide = course(scenario.slug, lang).slides[scenario.number - 1] as Required<TSlide>;
    await createLearner(`exercise-scenario-${lang}@example.com`, slugs, lang);
    await signInAs(page, `exercise-scenario-${lang}@example.com`, lang);
    await openSlide(page, scenario.slug, scenario.number, slide);
    await expect(page.getByText(text.badge, { exact: true })).toBeVisible();
    const wrong = slide.choices.find((choice) => !choice.correct);
    const right = slide.choices.find((choice) => choice.correct);
    if (!wrong || !right) throw new Error('a scenario has a right and a wrong choice');
    const status = page.locator('.exercise-feedback-slot');

    // Mouse: a wrong choice, then the right one.
    await page.getByRole('button', { name: wrong.text, exact: true }).click();
    await expect(status).toContainText(text.bad);
    await expect(status).toContainText(wrong.feedback);
    await expect(page.getByRole('button', { name: wrong.text, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: right.text, exact: true }).click();
    await expect(status).toContainText(text.good);
    await expect(status).toContainText(right.feedback);

    // Keyboard, on a fresh visit of the slide.
    await page.reload();
    await expect(status).toBeEmpty();
    await press(page, page.getByRole('button', { name: right.text, exact: true }), 'Enter');
    await expect(status).toContainText(text.good);
    await press(page, page.getByRole('button', { name: wrong.text, exact: true }), 'Space');
    await expect(status).toContainText(wrong.feedback);
    await expectNoAxeViolations(page);
  });

  test(`(${lang}) spot the signs: marked parts are judged and every sign explained, with the mouse and the keyboard`, async ({
    page,
  }) => {
    const slide = course(spot.slug, lang).slides[spot.number - 1] as Required<TSlide>;
    await createLearner(`exercise-spot-${lang}@example.com`, slugs, lang);
    await signInAs(page, `exercise-spot-${lang}@example.com`, lang);
    await openSlide(page, spot.slug, spot.number, slide);
    const parts = slide.mock.parts;
    const suspicious = parts.filter((part) => part.sign);
    const harmless = parts.filter((part) => !part.sign);
    const part = (id: string) => page.locator(`[data-part="${id}"]`);

    // Mouse: every suspicious part but the first, and one harmless part.
    const [skipped, ...marked] = suspicious;
    for (const entry of [...marked, harmless[0]]) {
      if (!entry) continue;
      await part(entry.id).click();
      await expect(part(entry.id)).toHaveAttribute('aria-pressed', 'true');
    }
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.check }).click();
    const shown = new Set(marked.map((entry) => entry.sign));
    const signsFound = slide.signs.filter((sign) => shown.has(sign.id)).length;
    await expect(page.getByText(text.found(signsFound, slide.signs.length))).toBeVisible();
    if (skipped && !shown.has(skipped.sign)) await expect(part(skipped.id)).toContainText(text.missed);
    await expect(part(harmless[0]?.id ?? '')).toContainText(text.harmless);
    for (const sign of slide.signs) await expect(page.getByText(sign.explanation)).toBeVisible();
    await expectNoAxeViolations(page);

    // Keyboard: try again, mark every suspicious part with Space, check with Enter.
    await press(page, page.getByRole('button', { name: text.retry }), 'Enter');
    for (const entry of suspicious) {
      await press(page, part(entry.id), 'Space');
      await expect(part(entry.id)).toHaveAttribute('aria-pressed', 'true');
    }
    await press(page, page.getByRole('button', { name: text.check }), 'Enter');
    await expect(page.getByText(text.found(slide.signs.length, slide.signs.length))).toBeVisible();
    await expect(page.locator('.tag-missed')).toHaveCount(0);
  });

  test(`(${lang}) sort: items go into groups by click or by keyboard, then each is explained`, async ({ page }) => {
    const slide = course(sort.slug, lang).slides[sort.number - 1] as Required<TSlide>;
    await createLearner(`exercise-sort-${lang}@example.com`, slugs, lang);
    await signInAs(page, `exercise-sort-${lang}@example.com`, lang);
    await openSlide(page, sort.slug, sort.number, slide);
    const label = (groupId: string) => slide.groups.find((group) => group.id === groupId)?.label ?? '';
    const option = (item: { text: string }, groupId: string) =>
      page.getByRole('radiogroup', { name: item.text }).getByRole('radio', { name: label(groupId), exact: true });
    const [first, ...rest] = slide.items;
    if (!first) throw new Error('a sort has items');

    // Checking before every item has a group only asks for the rest.
    await page.getByRole('button', { name: text.checkSort }).click();
    await expect(page.getByText(text.sortFirst)).toBeVisible();

    // Mouse: the first item in a wrong group, the rest right.
    const wrongGroup = slide.groups.find((group) => group.id !== first.group)?.id ?? '';
    await option(first, wrongGroup).click({ force: true });
    for (const item of rest) await option(item, item.group).click({ force: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.checkSort }).click();
    await expect(page.getByText(text.sorted(rest.length, slide.items.length))).toBeVisible();
    await expect(page.getByText(first.explanation)).toBeVisible();
    await expectNoAxeViolations(page);

    // Keyboard: try again; Space on each right group, Enter on the check.
    await press(page, page.getByRole('button', { name: text.retry }), 'Enter');
    for (const item of slide.items) {
      await press(page, option(item, item.group), 'Space');
      await expect(option(item, item.group)).toBeChecked();
    }
    await press(page, page.getByRole('button', { name: text.checkSort }), 'Enter');
    await expect(page.getByText(text.sorted(slide.items.length, slide.items.length))).toBeVisible();
  });
}
