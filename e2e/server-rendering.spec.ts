import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { de } from '@portal/i18n';
import { E2E_PORT } from '../playwright.config.ts';
import { apiSessionToken } from '../scripts/support/api-session.ts';
import { course } from './support/course-files.ts';
import { createLearner, inviteEmployee } from './support/db.ts';
import {
  appReady,
  DEMO,
  DEMO_PASSWORD,
  expect,
  signIn,
  type TDemoRole,
  test,
  watchHydration,
} from './support/fixtures.ts';
import { copyContent, startSecondServer } from './support/second-server.ts';

/*
 * Issue 25 (ADR 038): the server sends each page as HTML with its data, and the browser's script
 * takes it over without drawing it again. Every other spec runs with JavaScript on and fails on
 * any hydration problem (support/fixtures.ts); these check the HTML itself.
 */

const MAIN_PAGES: { role: TDemoRole; path: string; heading: string; data: string }[] = [
  { role: 'employee', path: '/trainings', heading: de.pages.my_trainings, data: course('email-security', 'de').title },
  {
    role: 'employer',
    path: '/course-settings',
    heading: de.pages.course_settings,
    data: course('password-security', 'de').title,
  },
  {
    role: 'manager',
    path: '/course-settings',
    heading: de.pages.course_settings,
    data: course('password-security', 'de').title,
  },
  { role: 'admin', path: '/admin/policyholders', heading: de.pages.policyholders, data: 'Musterfirma GmbH' },
  { role: 'insurer', path: '/insurer', heading: de.pages.portfolio, data: 'Musterfirma GmbH' },
];

for (const { role, path, heading, data } of MAIN_PAGES) {
  test(`${role}: ${path} arrives as HTML with its heading and data, readable without JavaScript`, async ({
    page,
    browser,
  }) => {
    await signIn(page, role);
    await expect(page).not.toHaveURL(/login/);
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      locale: 'de-DE',
    });
    const noScript = await plain.newPage();
    const response = await noScript.goto(path);
    expect(response?.status()).toBe(200);
    // The page carries personal data: no cache may keep it (issue 25 point 2).
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(noScript.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(noScript.getByText(data).first()).toBeVisible();
    await plain.close();
  });
}

test('guards answer from the server: signed out to the sign-in page, wrong role home, unknown address 404', async ({
  page,
  request,
}) => {
  const signedOut = await request.get('/trainings/email-security/2', { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toBe(`/login?next=${encodeURIComponent('/trainings/email-security/2')}`);
  expect((await request.get('/admin/policyholders', { maxRedirects: 0 })).headers().location).toMatch(
    /^\/admin\/login\?next=/,
  );

  await signIn(page, 'employee');
  await expect(page).toHaveURL(/\/trainings$/);
  const wrongRole = await page.request.get('/users', { maxRedirects: 0 });
  expect(wrongRole.status()).toBe(302);
  expect(wrongRole.headers().location).toBe('/');
  const home = await page.request.get('/', { maxRedirects: 0 });
  expect(home.headers().location).toBe('/trainings');
  const unknown = await page.request.get('/no-such-page');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain(de.pages.not_found);
  const noSlide = await page.request.get('/trainings/email-security/999');
  expect(noSlide.status()).toBe(404);
});

test('a name with </script> and <!-- stays text: the embedded data cannot end its script block', async ({ page }) => {
  const lastname = `</script><!--<script>window.__owned=1</script>-->${Date.now()}`;
  await inviteEmployee(`ssr-escape-${Date.now()}@example.com`, 'Xaver', lastname);
  await signIn(page, 'employer');
  await expect(page).not.toHaveURL(/login/);
  const html = await (await page.request.get('/users')).text();
  const blocks = html.match(/<script type="application\/json" id="[\w-]+">[\s\S]*?<\/script>/g) ?? [];
  expect(blocks).toHaveLength(2);
  // The name is in the data, escaped; the raw form appears nowhere in the page.
  expect(blocks.join('')).toContain('<\\/script>\\u003c!--');
  expect(html).not.toContain(lastname);

  await page.goto('/users');
  await page.getByRole('searchbox').fill('Xaver');
  await expect(page.getByText(lastname)).toBeVisible();
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
});

test('a course text with </script> and <!-- stays text in the drawn slide and in its data', async ({ browser }) => {
  // A portal of its own, on a copy of the course files with the probe in a slide's title (bodies
  // are Markdown, and the content check already refuses HTML in them).
  test.setTimeout(180_000);
  const probe = '</script><!--<script>window.__owned=1</script>-->';
  const contentDir = copyContent('./data/e2e-content-escape-files');
  const file = join(contentDir, 'courses', 'password-security', 'de.json');
  const texts = JSON.parse(readFileSync(file, 'utf8')) as { slides: { title: string }[] };
  (texts.slides[1] as { title: string }).title = `Probe ${probe}`;
  writeFileSync(file, JSON.stringify(texts, null, 2));
  const server = await startSecondServer('content-escape', E2E_PORT + 17, { PORTAL_CONTENT_DIR: contentDir });
  try {
    const token = await apiSessionToken(server.base, DEMO.employee, DEMO_PASSWORD);
    const headers = { Authorization: `Bearer ${token}`, Cookie: 'lang=de' };
    const html = await (await fetch(`${server.base}/trainings/password-security/2`, { headers })).text();
    const blocks = html.match(/<script type="application\/json" id="[\w-]+">[\s\S]*?<\/script>/g) ?? [];
    expect(blocks).toHaveLength(2);
    expect(blocks.join('')).toContain('<\\/script>\\u003c!--');
    // The markup has it as text (React's escaping); the raw form appears nowhere in the page.
    expect(html).toContain('&lt;/script&gt;&lt;!--');
    expect(html).not.toContain(probe);

    const context = await browser.newContext({ baseURL: server.base, extraHTTPHeaders: headers });
    const page = await context.newPage();
    await page.goto('/trainings/password-security/2');
    await appReady(page);
    await expect(page.getByText(`Probe ${probe}`)).toBeVisible();
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
    await context.close();
  } finally {
    await server.stop();
  }
});

test('the hydration watch fails on a page whose HTML differs from what the browser draws', async ({ browser }) => {
  // A page of its own, outside this test's fixture, so the planted problem does not fail the test.
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const problems = watchHydration(page);
  await page.route('/login', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(`<h1>${de.pages.login}</h1>`, '<h1>Etwas anderes</h1>');
    await route.fulfill({ response, body });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: de.pages.login })).toBeVisible();
  await expect.poll(() => problems.length).toBeGreaterThan(0);
  await context.close();
});

test('without JavaScript a customer signs in, reads a slide and moves between slides', async ({ browser }) => {
  const email = `ssr-nojs-${Date.now()}@example.com`;
  await createLearner(email, ['email-security']);
  const slides = course('email-security', 'de').slides;
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`/login?next=${encodeURIComponent('/trainings/email-security/1')}`);
  const signInWith = async (password: string) => {
    await page.getByLabel(de.form.email).fill(email);
    await page.getByLabel(de.form.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: de.login.submit }).click();
  };
  await signInWith('not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: de.login.failed })).toBeVisible();
  // The password never travels in the address, and `next` survives the refusal.
  expect(page.url()).not.toContain('password');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/trainings/email-security/1');

  await signInWith(DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trainings\/email-security\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(slides[0]?.title ?? '');
  await page.getByRole('link', { name: de.training.next }).click();
  await expect(page).toHaveURL(/\/trainings\/email-security\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(slides[1]?.title ?? '');
  await page.getByRole('link', { name: de.training.previous }).click();
  await expect(page).toHaveURL(/\/trainings\/email-security\/1$/);
  await context.close();
});

test('a drawn page asks for no script but the small boot module before its first paint, then runs', async ({
  page,
}) => {
  await page.goto('/login');
  await appReady(page);
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
      .filter((entry) => entry.path.endsWith('.js')),
  }));
  expect(paint).not.toBeNull();
  const beforePaint = scripts.filter((script) => script.start < (paint ?? 0)).map((script) => script.path);
  expect(beforePaint).toHaveLength(1);
  expect(beforePaint[0]).toMatch(/^\/assets\/boot-[\w-]+\.js$/);
  // The entry and the page's own chunk came after the paint, and the page is the app's now.
  expect(scripts.filter((script) => /^\/assets\/(index|login-page)-/.test(script.path))).toHaveLength(2);
});

/**
 * Opens a drawn page with the app's script held back, as a slow phone has it, and returns what lets
 * the script through. The frame's own goto: the fixture's page.goto would wait for the held script.
 */
async function openWithScriptHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
  return release;
}

test('what a person types into the drawn sign-in before the script has run is kept and signs in', async ({ page }) => {
  const email = `ssr-early-${Date.now()}@example.com`;
  await createLearner(email, ['email-security']);
  const release = await openWithScriptHeld(page, '/login');
  const emailField = page.getByLabel(de.form.email);
  const passwordField = page.getByLabel(de.form.password, { exact: true });
  await emailField.pressSequentially(email);
  await passwordField.pressSequentially(DEMO_PASSWORD);
  expect(await page.evaluate(() => document.documentElement.dataset.app)).not.toBe('ready');
  release();
  await appReady(page);
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
  await expect(emailField).toHaveValue(email);
  await expect(passwordField).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: de.login.submit }).click();
  await expect(page).toHaveURL(/\/trainings$/);
  await expect(page.getByRole('heading', { level: 1, name: de.pages.my_trainings })).toBeVisible();
});

test('the registration form keeps what was typed and ticked before the script ran', async ({ page }) => {
  const release = await openWithScriptHeld(page, '/register');
  const fields = page.locator('input.input');
  await expect(fields.first()).toBeVisible();
  const count = await fields.count();
  expect(count).toBeGreaterThanOrEqual(5);
  const typed: string[] = [];
  for (let index = 0; index < count; index++) {
    const field = fields.nth(index);
    const type = await field.getAttribute('type');
    const value =
      type === 'email' ? `early-${index}@example.com` : type === 'password' ? DEMO_PASSWORD : `Probe ${index}`;
    await field.fill(value);
    typed.push(value);
  }
  const checkbox = page.getByRole('checkbox').first();
  await page.locator('label.checkbox').first().click();
  await expect(checkbox).toBeChecked();
  release();
  await appReady(page);
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
  for (const [index, value] of typed.entries()) await expect(fields.nth(index)).toHaveValue(value);
  await expect(checkbox).toBeChecked();
  // The state has it too, not only the element: the box draws its tick from the state.
  await expect(page.locator('label.checkbox').first().locator('.checkbox-box')).toHaveText('✓');
});

test("another site's form cannot sign anyone in", async ({ request }) => {
  const answer = await request.post('/login', {
    form: { email: 'employee@example.com', password: DEMO_PASSWORD },
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(403);
  expect(answer.headers()['set-cookie']).toBeUndefined();
});

/** A browser-less session of one person, signed in through the form (no script needed). */
async function sessionOf(baseURL: string, email: string): Promise<APIRequestContext> {
  const session = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': 'de-DE' } });
  const answer = await session.post('/login', {
    form: { email, password: DEMO_PASSWORD },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe('/');
  return session;
}

test("two people's pages drawn interleaved under load: each page holds only its own person's data", async ({
  baseURL,
}) => {
  const stamp = Date.now();
  const people = [
    { email: `ssr-a-${stamp}@example.com`, lastname: `Aachen${stamp}`, slug: 'email-security' },
    { email: `ssr-b-${stamp}@example.com`, lastname: `Bremen${stamp}`, slug: 'password-security' },
  ];
  for (const person of people) {
    await createLearner(person.email, [person.slug], 'de', { firstname: 'Test', lastname: person.lastname });
  }
  const sessions = await Promise.all(people.map((person) => sessionOf(baseURL ?? '', person.email)));
  const pages = ['/trainings', '/account-settings', '/personalCertificate'];
  // 2 people × 3 pages × 8 rounds, all at once: the server draws them side by side.
  const requests = Array.from({ length: 8 }, () =>
    people.flatMap((person, index) =>
      [...pages, `/trainings/${person.slug}/1`].map(async (path) => {
        const answer = await sessions[index]?.get(path);
        return {
          person: index,
          path,
          status: answer?.status(),
          cache: answer?.headers()['cache-control'],
          html: await answer?.text(),
        };
      }),
    ),
  ).flat();
  const answers = await Promise.all(requests);
  expect(answers).toHaveLength(64);
  for (const answer of answers) {
    const own = people[answer.person];
    const other = people[1 - answer.person];
    expect(answer.status, `${answer.path} of person ${answer.person}`).toBe(200);
    expect(answer.cache).toBe('private, no-store');
    expect(answer.html, `${answer.path} of person ${answer.person}`).toContain(own?.email);
    expect(answer.html, `${answer.path} of person ${answer.person}`).not.toContain(other?.email);
    expect(answer.html).not.toContain(other?.lastname);
  }
  await Promise.all(sessions.map((session) => session.dispose()));
});
