import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createTranslator, type TMessageKey } from '@portal/i18n';
import { axeViolations, expect, type TDemoRole, test } from './support/fixtures.ts';
import { freshAccount, signInFresh } from './support/fresh-account.ts';

/*
 * Issue 15: no link lands on an empty page. Every role follows a list of broken links (a mistyped
 * course, slide 0, 999 and 'abc', a course not assigned, unknown and malformed ids) and gets a page
 * in its own shell: an h1 that says what happened, a link onward, no uncaught error, no axe
 * violation. A failed load offers a retry that works once the server answers again.
 */

test.describe.configure({ mode: 'parallel' });

interface TBrokenLink {
  path: string;
  title: TMessageKey;
  /** Where the main way on leads. */
  onward: string;
}

/** `malware` is assigned to every fresh learner; `remote-work` to none of them. */
const LEARNER_LINKS: TBrokenLink[] = [
  { path: '/trainings/kein-solcher-kurs', title: 'route_error.course_not_found', onward: '/trainings' },
  { path: '/trainings/Malware!', title: 'route_error.course_not_found', onward: '/trainings' },
  { path: '/trainings/remote-work', title: 'route_error.course_not_assigned', onward: '/trainings' },
  { path: '/trainings/kein-solcher-kurs/3', title: 'route_error.course_not_found', onward: '/trainings' },
  { path: '/trainings/malware/0', title: 'route_error.slide_not_found', onward: '/trainings/malware' },
  { path: '/trainings/malware/999', title: 'route_error.slide_not_found', onward: '/trainings/malware' },
  { path: '/trainings/malware/abc', title: 'route_error.slide_not_found', onward: '/trainings/malware' },
];

const BROKEN_LINKS: Record<TDemoRole, TBrokenLink[]> = {
  employee: LEARNER_LINKS,
  manager: LEARNER_LINKS,
  // Employer pages have no ids in their addresses (spec §2); the employer's links are the
  // learner's, and the course-settings way on for a course that is not assigned.
  employer: LEARNER_LINKS,
  admin: [
    {
      path: `/admin/policyholders/${randomUUID()}`,
      title: 'route_error.record_not_found',
      onward: '/admin/policyholders',
    },
    { path: '/admin/policyholders/kein-kunde', title: 'route_error.record_not_found', onward: '/admin/policyholders' },
  ],
  // The portfolio has no ids in its address either; an unknown address is the 404 test below.
  insurer: [],
};

/** The h1, the main way on and the health of the page after following a broken link. */
async function expectExplained(page: Page, link: TBrokenLink, t: ReturnType<typeof createTranslator>) {
  await page.goto(link.path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(t(link.title));
  await expect(heading).not.toHaveText('');
  // The address stays as it was typed: the page explains it instead of moving on.
  expect(new URL(page.url()).pathname).toBe(link.path);
  const onward = page.getByRole('main').getByRole('link').first();
  await expect(onward).toHaveAttribute('href', link.onward);
  // Inside the shell: the navigation stays.
  await expect(page.getByRole('navigation', { name: t('nav.main') })).toBeAttached();
  expect(await axeViolations(page), `axe on ${link.path}`).toEqual([]);
}

for (const role of ['employee', 'manager', 'employer', 'admin'] as const) {
  for (const lang of ['de', 'en'] as const) {
    test(`${role} (${lang}): every broken link lands on a page that explains it`, async ({ page, consoleErrors }) => {
      test.setTimeout(90_000);
      const t = createTranslator(lang);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await signInFresh(page, role, await freshAccount(role, lang, 'broken'));
      for (const link of BROKEN_LINKS[role]) await test.step(link.path, () => expectExplained(page, link, t));

      if (role !== 'admin') {
        // The way on works, and a course that is not assigned says what the person can do.
        await page.goto('/trainings/remote-work');
        const text =
          role === 'employee' ? 'route_error.course_not_assigned_text' : 'route_error.course_not_assigned_text_manager';
        await expect(page.getByRole('main')).toContainText(t(text));
        if (role !== 'employee') {
          await expect(page.getByRole('main').getByRole('link', { name: t('nav.course_settings') })).toBeVisible();
        }
        await page.goto('/trainings/malware/999');
        await expect(page.getByRole('main')).toContainText('999');
        await page
          .getByRole('main')
          .getByRole('link', { name: t('route_error.to_course') })
          .click();
        await expect(page).toHaveURL('/trainings/malware/1');
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t('route_error.slide_not_found'));
      }
      expect(pageErrors).toEqual([]);
      expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    });
  }
}

test('an unknown address keeps the spec 404 page', async ({ page }) => {
  await signInFresh(page, 'employee', await freshAccount('employee', 'de', 'broken404'));
  await page.goto('/trainingz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 – Page Not Found');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
});

/** The browser logs each request the test aborts on purpose. */
const dropAborted = (errors: string[]) => {
  const kept = errors.filter((text) => !/net::ERR_FAILED/.test(text));
  errors.splice(0, errors.length, ...kept);
};

test('a failed data load says so inside the shell, and the retry loads the page', async ({ page, consoleErrors }) => {
  const t = createTranslator('de');
  await signInFresh(page, 'employee', await freshAccount('employee', 'de', 'retry'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.my_trainings'));

  // The server is gone: the next page's data cannot load.
  await page.route('**/trpc/**', (route) => route.abort());
  await page
    .getByRole('navigation')
    .getByRole('link', { name: t('nav.personal_certificate') })
    .click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(t('route_error.load_failed'), { timeout: 15_000 });
  await expect(page.getByRole('main')).toContainText(t('route_error.load_failed_text'));
  await expect(page.getByRole('navigation', { name: t('nav.main') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Back again: the retry fetches the data in place, without a new page load.
  await page.unroute('**/trpc/**');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('button', { name: t('route_error.retry') }).click();
  await expect(heading).toHaveText(t('pages.personal_certificate'));
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  dropAborted(consoleErrors);
});

test('a page whose code did not arrive offers a retry that loads it again', async ({ page, consoleErrors }) => {
  const t = createTranslator('de');
  await signInFresh(page, 'employee', await freshAccount('employee', 'de', 'chunk'));
  const chunk = /\/assets\/personal-certificate-page-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort());
  await page.goto('/personalCertificate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('route_error.load_failed'));
  await page.unroute(chunk);
  // A module that failed stays failed in the browser's module map: the retry loads the page anew.
  await page.getByRole('button', { name: t('route_error.retry') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.personal_certificate'));
  dropAborted(consoleErrors);
});
