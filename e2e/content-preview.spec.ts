import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { expect, test } from './support/fixtures.ts';

/*
 * Issue 17: `npm run content:preview` shows any course and slide from the working tree without
 * signing in, and reloads when a file is saved. The preview here reads a copy of the courses, so
 * the test can change a file without touching the real content.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 17;
let root: string;
let server: ViteDevServer;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-preview-'));
  cpSync(new URL('../content/courses', import.meta.url), root, { recursive: true });
  process.env.CONTENT_PREVIEW_ROOT = root;
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
