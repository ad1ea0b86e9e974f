import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import { openTotpSecret } from '@portal/core';
import { eq, users } from '@portal/db';
import { Secret, TOTP } from 'otpauth';
import { E2E_DEMO_PASSWORD, E2E_TOTP_KEY } from '../../playwright.config.ts';
import { withDb } from './db.ts';

export const DEMO = {
  admin: 'admin@example.com',
  insurer: 'insurer@example.com',
  employer: 'employer@example.com',
  manager: 'manager@example.com',
  employee: 'employee@example.com',
} as const;
export type TDemoRole = keyof typeof DEMO;
export const DEMO_PASSWORD = E2E_DEMO_PASSWORD;

/** Signs in through the real form, as a person would; admins and insurers also enter their authenticator code. */
export async function signIn(page: Page, role: TDemoRole, options: { password?: string; email?: string } = {}) {
  const email = options.email ?? DEMO[role];
  const backOffice = role === 'admin' || role === 'insurer';
  await page.goto(backOffice ? '/admin/login' : '/login');
  await fillSignIn(page, email, options.password ?? DEMO_PASSWORD);
  if (backOffice) await passTotp(page, email);
}

const STEP_MS = 30_000;

/**
 * The second step, as an authenticator app would answer it. The demo admin enrols on the first
 * sign-in of a run (the secret is read off the set-up page); later sign-ins read the secret from
 * the database. A code is accepted once, so parallel sign-ins take the next unused 30-second step.
 */
export async function passTotp(page: Page, email: string) {
  test.info().setTimeout(test.info().timeout + 2 * STEP_MS);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Zwei-Faktor-Anmeldung|Two-factor sign-in/);
  const setup = /einrichten|Set up/.test((await heading.textContent()) ?? '');
  const secret = setup
    ? ((await page.getByTestId('totp-secret').textContent()) ?? '')
    : (await readTotpState(email)).secret;
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = Math.floor(Date.now() / STEP_MS);
    const lastUsed = (await readTotpState(email)).lastUsedStep;
    const step = Math.max(current, (lastUsed ?? -1) + 1);
    if (step > current + 1) await page.waitForTimeout((step - 1) * STEP_MS - Date.now() + 1000);
    await page
      .getByLabel(/^(Code aus der Authenticator-App|Code from the authenticator app)/)
      .fill(totpCodeAt(secret, step));
    await page.getByRole('button', { name: /^(Bestätigen|Confirm)$/ }).click();
    // A fresh set-up shows the recovery codes once; the person confirms having stored them.
    const stored = page.getByRole('button', { name: /^(Ich habe die Codes gespeichert|I have stored the codes)$/ });
    if (
      setup &&
      (await stored.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      ))
    )
      await stored.click();
    const signedIn = await page
      .waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error(`TOTP sign-in for ${email} failed`);
}

export const totpCodeAt = (secret: string, step: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: step * STEP_MS + 1000,
  });

function readTotpState(email: string): Promise<{ secret: string; lastUsedStep: number | null }> {
  return withDb(async (db) => {
    const [row] = await db
      .select({
        id: users.id,
        secret: users.totpSecret,
        pending: users.totpPendingSecret,
        step: users.totpLastUsedStep,
      })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`${email} is not in the e2e database`);
    const sealed = row.secret ?? row.pending;
    // The authenticator app's copy: the stored one is sealed with the e2e server's key (ADR 026).
    return { secret: sealed ? openTotpSecret(E2E_TOTP_KEY, row.id, sealed) : '', lastUsedStep: row.step };
  });
}

export async function fillSignIn(page: Page, email: string, password: string) {
  // The form may have arrived drawn by the server through a link the test clicked (no page.goto,
  // so no wait on load): type once the script has taken it over, as the other steps do.
  await appReady(page);
  await page.getByLabel(/^(E-Mail|Email)/).fill(email);
  await page
    .getByLabel(/^(Passwort|Password)/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core violations (WCAG 2.1 A/AA) on the current page, one line each: `rule: targets`.
 *
 * axe-core runs in the page itself, injected once per document: @axe-core/playwright re-injected
 * it on every call and aggregated in an extra blank page, three times the cost of a run here
 * (1–2.5 s against 0.3–0.8 s a page on the 2-core machine), and the matrix runs ~200 of them.
 * Only violations are collected (`resultTypes`), which skips the bookkeeping of passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A page is judged once it has rendered (every page has an h1; a dialog may hide it from roles).
  await page.locator('h1').first().waitFor({ state: 'attached' });
  // Contrast is judged at rest: wait until entrance transitions (e.g. the course cards) are done.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(
      // react-aria's live announcer keeps announcements (by aria-labelledby) for a few seconds
      // after their dialog is gone; on the next page they point nowhere. Hidden, transient plumbing.
      { exclude: [['[data-live-announcer]']] },
      { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
    );
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, AXE_TAGS);
}

/** Zero axe-core violations (WCAG 2.1/2.2 A/AA and best practices) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** Collects the console errors of a page (and its uncaught exceptions) as they come. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Browsers log failed requests; a refused sign-in (401) or a call blocked by the AVV (403) is an expected answer. */
const EXPECTED_CONSOLE_ERRORS = [
  /Failed to load resource: the server responded with a status of (401|400|403|404|409)/,
];
export const unexpectedConsoleErrors = (errors: string[]) =>
  errors.filter((text) => !EXPECTED_CONSOLE_ERRORS.some((pattern) => pattern.test(text)));

/**
 * What a failed hydration leaves in the console: main.tsx reports each of React's recoverable
 * errors with the word "hydration", and a production React names them by number (#418 text, #419
 * server error, #421-#425 mismatches).
 */
export const HYDRATION_PROBLEM = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

/** The hydration problems a page logs, of any console level, as they come. */
export function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_PROBLEM.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) problems.push(`pageerror: ${error.message}`);
  });
  return problems;
}

/**
 * Waits until the page's script has taken over (`<html data-app="ready">`, app-providers.tsx). A
 * page the server drew is visible at once, but its buttons answer only then; a person would not
 * notice the moment, a test pressing keys at machine speed does. Pages the server did not draw (a
 * file, the content preview) do not wait, nor do pages of a context without JavaScript.
 */
export async function appReady(page: Page) {
  await page
    .waitForFunction(
      () => document.documentElement.dataset.app === 'ready' || !document.getElementById('router-state'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => {});
}

/** `page.goto` and `page.reload` that return once the app runs (see appReady). */
export function waitForAppOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appReady(page);
    return response;
  };
}

const patchedBrowsers = new WeakSet<object>();

/**
 * Fails the test on any console error in the page (epic-stack convention), and on any hydration
 * problem, whatever its level (issue 25: the server's page and the browser's first render agree).
 */
export const test = base.extend<{ consoleErrors: string[]; hydrationProblems: string[]; appReadyOnLoad: void }>({
  page: async ({ page }, use) => {
    waitForAppOnLoad(page);
    await use(page);
  },
  // Pages of contexts a test opens itself wait the same way.
  appReadyOnLoad: [
    async ({ browser }, use) => {
      if (!patchedBrowsers.has(browser)) {
        patchedBrowsers.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (...args) => {
          const context = await newContext(...args);
          if (args[0]?.javaScriptEnabled !== false) context.on('page', waitForAppOnLoad);
          return context;
        };
      }
      await use();
    },
    { auto: true },
  ],
  hydrationProblems: [
    async ({ page }, use) => {
      const problems = watchHydration(page);
      await use(problems);
      expect(problems, 'hydration problems').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(unexpectedConsoleErrors(errors)).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
