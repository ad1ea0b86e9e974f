import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DEMO_PASSWORD } from '../../playwright.config.ts';

export const DEMO = {
  admin: 'admin@example.com',
  employer: 'employer@example.com',
  manager: 'manager@example.com',
  employee: 'employee@example.com',
} as const;
export type TDemoRole = keyof typeof DEMO;
export const DEMO_PASSWORD = E2E_DEMO_PASSWORD;

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, role: TDemoRole, options: { password?: string; email?: string } = {}) {
  await page.goto(role === 'admin' ? '/admin/login' : '/login');
  await fillSignIn(page, options.email ?? DEMO[role], options.password ?? DEMO_PASSWORD);
}

export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^(E-Mail|Email)/).fill(email);
  await page
    .getByLabel(/^(Passwort|Password)/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

/** Zero axe-core violations (WCAG 2.1 A/AA) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Fails the test on any console error in the page (epic-stack convention). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors.filter((text) => !EXPECTED_CONSOLE_ERRORS.some((pattern) => pattern.test(text)))).toEqual([]);
    },
    { auto: true },
  ],
});

/** Browsers log failed requests; a refused sign-in (401) is an expected answer, not a bug. */
const EXPECTED_CONSOLE_ERRORS = [/Failed to load resource: the server responded with a status of (401|400|409)/];

export { expect };
