import { readFileSync } from 'node:fs';
import { pdfText } from '@portal/certificates/testing';
import { course, firstSlideOf, signInAs, TEXT } from './support/course-files.ts';
import { createLearner, progressOf } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { answerQuiz } from './support/quiz.ts';

/* Issue 17: answers in exercises never change the quiz; the take-away sheet after finishing. */
const spot = firstSlideOf('spot-the-signs');

test('(de) wrong answers in every exercise leave the quiz alone: all quiz answers right score 100 %, and the take-away sheet downloads', async ({
  page,
}) => {
  const slug = spot.slug;
  const lang = 'de';
  const file = course(slug, lang);
  const email = 'exercise-quiz@example.com';
  const userId = await createLearner(email, [slug], lang);
  await signInAs(page, email, lang);
  await page.getByTestId(`open-${slug}`).click();
  for (const [index, slide] of file.slides.entries()) {
    await expect(page).toHaveURL(new RegExp(`/${index + 1}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
    // Every exercise answered as badly as it can be.
    if (slide.type === 'scenario') {
      const wrong = slide.choices?.find((choice) => !choice.correct);
      if (wrong) await page.getByRole('button', { name: wrong.text, exact: true }).click();
    }
    if (slide.type === 'spot-the-signs') {
      for (const part of slide.mock?.parts.filter((entry) => !entry.sign) ?? []) {
        await page.locator(`[data-part="${part.id}"]`).click();
      }
      await page.getByRole('button', { name: TEXT.de.check }).click();
      await expect(page.getByText(TEXT.de.found(0, slide.signs?.length ?? 0))).toBeVisible();
    }
    if (slide.type === 'sort') {
      for (const item of slide.items ?? []) {
        const wrong = slide.groups?.find((group) => group.id !== item.group);
        await page
          .getByRole('radiogroup', { name: item.text })
          .getByRole('radio', { name: wrong?.label ?? '', exact: true })
          .click({ force: true });
      }
      await page.getByRole('button', { name: TEXT.de.checkSort }).click();
      await expect(page.getByText(TEXT.de.sorted(0, slide.items?.length ?? 0))).toBeVisible();
    }
    if (index < file.slides.length - 1) {
      // The arrow keys still turn the page after an exercise (focus back on the slide first).
      await page.getByRole('heading', { level: 1 }).focus();
      await page.keyboard.press('ArrowRight');
    }
  }
  await page.getByRole('button', { name: TEXT.de.toQuiz }).click();
  await answerQuiz(page, file, 'de', 5);
  await expect(page.getByRole('heading', { name: TEXT.de.passed })).toBeVisible();
  await expect(page.getByText(TEXT.de.score)).toBeVisible();
  expect(await progressOf(userId, slug)).toMatchObject({ status: 'completed', bestScore: 100 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: TEXT.de.takeaway }).click();
  const file_ = await download;
  expect(file_.suggestedFilename()).toBe(`Merkblatt-${slug}.pdf`);
  const text = pdfText(readFileSync((await file_.path()) ?? '')).replace(/\s+/g, ' ');
  expect(text).toContain(file.title.replace(/\s+/g, ' ').split(':')[0]);
  for (const rule of file.keyRules) expect(text).toContain(rule.replace(/\s+/g, ' '));
});
