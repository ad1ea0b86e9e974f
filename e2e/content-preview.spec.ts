import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/*
 * Issue 17: `npm run content:preview` shows any course and slide from the working tree without
 * signing in, and reloads when a file is saved. The preview here reads a copy of the courses and
 * of the phishing templates (ADR 036), so the test can change a file without touching the real
 * content.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 17;
let root: string;
let phishingRoot: string;
let server: ViteDevServer;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-preview-'));
  cpSync(new URL('../content/courses', import.meta.url), root, { recursive: true });
  process.env.CONTENT_PREVIEW_ROOT = root;
  phishingRoot = mkdtempSync(join(tmpdir(), 'portal-preview-phishing-'));
  cpSync(new URL('../content/phishing', import.meta.url), phishingRoot, { recursive: true });
  process.env.CONTENT_PREVIEW_PHISHING_ROOT = phishingRoot;
  server = await createServer({
    configFile: new URL('../apps/web/vite.preview.config.ts', import.meta.url).pathname,
    server: { port: PORT, strictPort: true },
    logLevel: 'warn',
  });
  await server.listen();
});
test.afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(phishingRoot, { recursive: true, force: true });
});

test('the preview shows a slide of the working tree and redraws it when the file is saved', async ({ page }) => {
  const file = join(root, 'byod', 'en.json');
  const course = JSON.parse(readFileSync(file, 'utf8'));
  const slide = course.slides[1];
  await page.goto(`http://localhost:${PORT}/?course=byod&lang=en&slide=2`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title);
  await expect(page.getByRole('img', { name: slide.imageAlt })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Problems' })).toHaveCount(0);

  slide.title = 'Edited while the preview was open';
  writeFileSync(file, JSON.stringify(course, null, 2));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited while the preview was open');

  // A broken file shows where and what, as content:check words it.
  delete slide.imageAlt;
  writeFileSync(file, JSON.stringify(course, null, 2));
  await expect(page.getByText(`byod/en.json: slides.1[${slide.id}].imageAlt:`)).toBeVisible();
});

type TPhishingFile = {
  title: string;
  from: { name: string; localPart: string; sign?: string };
  subject: { text: string; sign?: string };
  parts: { id: string; role: string; text: string; shownTarget?: string; sign?: string }[];
  signs: { id: string; label: string; explanation: string }[];
  lesson: string;
  signIn?: { title: string; fields: { label: string }[]; button: string };
};
const readJson = <T>(...path: string[]): T => JSON.parse(readFileSync(join(...path), 'utf8')) as T;

/** A template with an imitation sign-in page and a link that names the target one would expect. */
function signInTemplate(): string {
  const slugs = readdirSync(phishingRoot).sort();
  const slug =
    slugs.find(
      (candidate) =>
        readJson<{ landing: string }>(phishingRoot, candidate, 'template.json').landing === 'sign-in' &&
        readJson<TPhishingFile>(phishingRoot, candidate, 'en.json').parts.some((part) => part.shownTarget),
    ) ?? slugs[0];
  if (!slug) throw new Error('no phishing template under content/phishing');
  return slug;
}

const SIGNS_HEADING = { de: 'Woran Sie diese E-Mail erkennen', en: 'How to recognise this email' } as const;
const MAIL = { de: 'Simulierte Phishing-E-Mail', en: 'Simulated phishing email' } as const;
const REAL_TARGET = { de: 'Tatsächlich führte es zu:', en: 'It really led to:' } as const;
const SIGN = { de: 'Anzeichen', en: 'Sign' } as const;

/** A template text is shown with its placeholders filled: every piece around them is there. */
async function expectFilled(locator: Locator, text: string) {
  for (const piece of text.split(/\{\{[^}]*\}\}/)) {
    for (const line of piece.split('\n')) if (line.trim()) await expect(locator).toContainText(line.trim());
  }
}

for (const lang of ['de', 'en'] as const) {
  test(`(${lang}) the preview draws a phishing template's mail with its signs, its lesson and its sign-in page`, async ({
    page,
  }) => {
    const slug = signInTemplate();
    const text = readJson<TPhishingFile>(phishingRoot, slug, `${lang}.json`);
    await page.goto(`http://localhost:${PORT}/?phishing=${slug}&lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page.getByRole('heading', { name: 'Problems' })).toHaveCount(0);

    // The mail as the teaching page draws it: sender on the simulation domain, subject, every part.
    const mail = page.getByRole('article', { name: MAIL[lang] });
    await expect(mail).toContainText(`${text.from.localPart}@simulation.example`);
    await expectFilled(mail, text.subject.text);
    for (const part of text.parts) await expectFilled(mail, part.text);
    const link = text.parts.find((part) => part.shownTarget);
    if (link?.shownTarget) await expect(mail).toContainText(link.shownTarget);
    await expect(mail.getByText(REAL_TARGET[lang]).first()).toContainText('https://simulation.example/p/');

    // Each sign: explained below under a number, and marked in the mail with that number, which a
    // screen reader reads with the sign's label.
    const signs = page.getByRole('region', { name: SIGNS_HEADING[lang] });
    await expect(signs.getByRole('listitem')).toHaveCount(text.signs.length);
    for (const sign of text.signs) {
      const item = signs.getByRole('listitem').filter({ hasText: sign.label });
      await expect(item).toContainText(sign.explanation);
      const number = await item.locator('.phishing-marker').textContent();
      await expect(mail.getByText(`${SIGN[lang]} ${number}: ${sign.label}`, { exact: true }).first()).toBeAttached();
    }
    const listed = await signs.locator('li .phishing-marker').allTextContents();
    expect(listed).toEqual(text.signs.map((_sign, index) => String(index + 1)));
    const marked = await mail.locator('.phishing-marker [aria-hidden="true"]').allTextContents();
    expect(new Set(marked)).toEqual(new Set(listed));

    await expect(page.getByText(text.lesson)).toBeVisible();
    if (text.signIn) {
      await expect(page.getByText(text.signIn.title, { exact: true })).toBeVisible();
      for (const field of text.signIn.fields) {
        const input = page.getByLabel(field.label, { exact: true });
        await expect(input).toBeDisabled();
        await expect(input).not.toHaveAttribute('name');
      }
      await expect(page.getByRole('button', { name: text.signIn.button, exact: true })).toBeDisabled();
    }
    await expectNoAxeViolations(page);

    // Signs off: the plain mail, as an employer previews a campaign.
    await page.getByRole('checkbox', { name: 'Show signs' }).uncheck();
    await expect(page.getByRole('heading', { name: SIGNS_HEADING[lang] })).toHaveCount(0);
    await expect(mail.locator('.phishing-marker')).toHaveCount(0);
    await expect(mail).not.toContainText(REAL_TARGET[lang]);
    await expectFilled(mail, text.subject.text);
    await expectNoAxeViolations(page);
  });
}

test('the preview lists the problems of a broken phishing template as content:check words them', async ({ page }) => {
  const slug = signInTemplate();
  const file = join(phishingRoot, slug, 'en.json');
  const original = readFileSync(file, 'utf8');
  const text = JSON.parse(original) as TPhishingFile & { summary?: string };
  await page.goto(`http://localhost:${PORT}/?phishing=${slug}&lang=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
  delete text.summary;
  writeFileSync(file, JSON.stringify(text, null, 2));
  try {
    await expect(page.getByText(`phishing/${slug}/en.json: summary:`)).toBeVisible();
  } finally {
    writeFileSync(file, original);
  }
});
