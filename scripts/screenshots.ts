import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { loadCourses, slideType, type TCourseSlug } from '@portal/content';
import { de, en } from '@portal/i18n';
import {
  DEMO,
  DEMO_PASSWORD,
  fillSignIn,
  signIn,
  type TDemoRole,
  totpCodeAt,
  unexpectedConsoleErrors,
  watchConsole,
} from '../e2e/support/fixtures.ts';
import { CHROMIUM_ARGS, E2E_TOTP_KEY } from '../playwright.config.ts';
import { waitForHealth } from './support/wait-for-health.ts';

/*
 * Screenshots of each role's main pages for the README and reviews (docs/screenshots/), at a laptop
 * and a phone width, German plus a few pages in English. Like the e2e suite (e2e/serve.ts), it
 * starts the real server on a throwaway database with the demo data and signs in through the real
 * forms in Debian's Chromium; no browser is downloaded.
 *
 *   npm run screenshots              (builds the web app first)
 *   SCREENSHOTS_PORT=3400 …          another port (default 3300; the e2e suite uses 3100)
 *
 * Files are overwritten, not cleared first: a shot that is renamed or dropped here leaves its old
 * PNG behind, to be deleted by hand.
 */

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
// A folder of its own (data/ is git-ignored), never data/e2e: an e2e run may be using that one.
const DATA_DIR = 'data/screenshots';
const OUT_DIR = 'docs/screenshots';

/** Scale 1 keeps a viewport PNG at 50–200 KB; the phone emulates touch and the mobile viewport. */
const VIEWPORTS = {
  laptop: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
type TViewport = keyof typeof VIEWPORTS;

type TWho = TDemoRole | 'public';
type TLang = 'de' | 'en';
interface TShot {
  who: TWho;
  /** The `<page>` part of the file name. */
  name: string;
  /** The address, or how to find it (the slide depends on the courses the demo data assigns). */
  path: string | ((page: Page) => Promise<string>);
  lang: TLang;
}

/**
 * In this order: the employee's course list is taken before the slide, because opening a slide
 * starts that course and its card would then show progress.
 */
const SHOTS: TShot[] = [
  { who: 'public', name: 'login', path: '/login', lang: 'de' },
  { who: 'public', name: 'login', path: '/login', lang: 'en' },
  { who: 'admin', name: 'policyholders', path: '/admin/policyholders', lang: 'de' },
  { who: 'admin', name: 'statistics', path: '/admin/statistics', lang: 'de' },
  { who: 'admin', name: 'insurer-accounts', path: '/admin/insurer-accounts', lang: 'de' },
  { who: 'insurer', name: 'portfolio', path: '/insurer', lang: 'de' },
  { who: 'insurer', name: 'portfolio', path: '/insurer', lang: 'en' },
  { who: 'employer', name: 'course-settings', path: '/course-settings', lang: 'de' },
  { who: 'employer', name: 'dashboard', path: '/dashboard', lang: 'de' },
  { who: 'manager', name: 'users', path: '/users', lang: 'de' },
  { who: 'employee', name: 'trainings', path: '/trainings', lang: 'de' },
  { who: 'employee', name: 'trainings', path: '/trainings', lang: 'en' },
  { who: 'employee', name: 'slide', path: firstSlideOfFirstCourse, lang: 'de' },
  { who: 'employee', name: 'exercise', path: firstExerciseOfFirstCourse, lang: 'de' },
  { who: 'employee', name: 'exercise', path: firstExerciseOfFirstCourse, lang: 'en' },
];

/** Where each role's language switch is found before its English shots (public: the sign-in page). */
const HOME: Record<TWho, string> = {
  public: '/login',
  admin: '/admin/policyholders',
  insurer: '/insurer',
  employer: '/course-settings',
  manager: '/course-settings',
  employee: '/trainings',
};

/** The first slide of the first course on the employee's list, whichever courses the seed assigns. */
async function firstSlideOfFirstCourse(page: Page): Promise<string> {
  await page.goto('/trainings');
  await settle(page);
  const testId = await page
    .getByTestId(/^open-/)
    .first()
    .getAttribute('data-testid');
  if (!testId) throw new Error('no course to open on /trainings');
  return `/trainings/${testId.slice('open-'.length)}/1`;
}

/** The first interactive slide (scenario, spot-the-signs or sort) of that course. */
async function firstExerciseOfFirstCourse(page: Page): Promise<string> {
  const first = await firstSlideOfFirstCourse(page);
  const slug = first.split('/')[2] ?? '';
  const slides = loadCourses().get(slug as TCourseSlug)?.text.de.slides ?? [];
  const index = slides.findIndex((slide) => slideType(slide) !== 'text');
  if (index < 0) throw new Error(`${slug} has no exercise`);
  return `/trainings/${slug}/${index + 1}`;
}

async function startServer(): Promise<ChildProcess> {
  // A fresh database every run: the demo seed only fills an empty one, and the admin's
  // authenticator is enrolled anew below (its first sign-in shows the set-up step).
  rmSync(DATA_DIR, { recursive: true, force: true });
  // No SMTP: mails wait in the outbox, nothing is sent. The server runs from source as `npm start`
  // does and serves the built web app from apps/web/dist.
  // Its own SQLite file, also when the shell has a DATABASE_URL (the run starts from an empty database).
  const {
    SMTP_URL: _smtp,
    E2E_SMTP_PORT: _smtpPort,
    E2E_MAIL_DIR: _mailDir,
    DATABASE_URL: _databaseUrl,
    ...environment
  } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...environment,
      PORT: String(PORT),
      NODE_ENV: 'test',
      DATABASE_FILE: `${DATA_DIR}/portal.sqlite`,
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      // Set explicitly, as playwright.config.ts does, so that a key in the shell cannot reach it.
      TOTP_ENCRYPTION_KEY: E2E_TOTP_KEY.toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Also on an uncaught error or process.exit: the server must not outlive the script.
  process.on('exit', () => server.kill());
  return waitForHealth(server, BASE);
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

/**
 * The admin's or insurer's sign-in with the authenticator set-up of a fresh database. `passTotp` in
 * e2e/support/fixtures.ts cannot be reused: it extends the test's timeout through `test.info()`,
 * which throws outside Playwright's test runner. Here only the first-enrolment path is needed.
 */
async function signInBackOffice(page: Page, email: string) {
  await page.goto('/admin/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  const secret = await page.getByTestId('totp-secret').textContent();
  if (!secret) throw new Error('the admin sign-in did not show the authenticator set-up');
  await page
    .getByLabel(/^(Code aus der Authenticator-App|Code from the authenticator app)/)
    .fill(totpCodeAt(secret, Math.floor(Date.now() / 30_000)));
  await page.getByRole('button', { name: /^(Bestätigen|Confirm)$/ }).click();
  // The recovery codes are shown once after the set-up; the person confirms having stored them.
  await page.getByRole('button', { name: /^(Ich habe die Codes gespeichert|I have stored the codes)$/ }).click();
}

type TState = Awaited<ReturnType<BrowserContext['storageState']>>;
const states = new Map<string, TState | undefined>();

/**
 * The browser state (session cookie, local storage with the language) of one person in one
 * language, made once and shared by both viewports: a second admin sign-in would have to wait for
 * the next TOTP step, and the e2e suite also signs in once per account (e2e/support/auth-state.ts).
 */
async function stateFor(browser: Browser, who: TWho, lang: TLang): Promise<TState | undefined> {
  const key = `${who}-${lang}`;
  if (states.has(key)) return states.get(key);
  const german = lang === 'de' ? undefined : await stateFor(browser, who, 'de');
  const context = await browser.newContext({ ...VIEWPORTS.laptop, baseURL: BASE, storageState: german });
  const page = await context.newPage();
  try {
    if (lang === 'de' && who !== 'public') {
      if (who === 'admin' || who === 'insurer') await signInBackOffice(page, DEMO[who]);
      else await signIn(page, who);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    }
    if (lang === 'en') {
      // As a person switches (e2e/language.spec.ts): the header's radio, kept in local storage
      // (and, when signed in, in the account).
      await page.goto(HOME[who]);
      await settle(page);
      await page.getByRole('radio', { name: 'English' }).first().click();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
    }
    const state = who === 'public' && lang === 'de' ? undefined : await context.storageState();
    states.set(key, state);
    return state;
  } finally {
    await context.close();
  }
}

const LOADING = new RegExp(`^(${[de.app.loading, en.app.loading].join('|')})$`);

/** Waits until the page is done: no request in flight, no loading indicator, its h1 shown, at rest. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // The shell's route progress bar (a progressbar named "Wird geladen …") and its status line.
  await page.getByRole('progressbar', { name: LOADING }).first().waitFor({ state: 'hidden' });
  await page.getByRole('status').filter({ hasText: LOADING }).first().waitFor({ state: 'hidden' });
  // Every page has an h1 once it has rendered (a lazy page shows none while its chunk loads).
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.evaluate(() => document.fonts.ready);
  // Entrance transitions (e.g. the course cards) finished, so nothing is caught half-faded.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function shoot(browser: Browser, shot: TShot, viewport: TViewport): Promise<string> {
  const storageState = await stateFor(browser, shot.who, shot.lang);
  const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: BASE, locale: 'de-DE', storageState });
  try {
    const page = await context.newPage();
    const path = typeof shot.path === 'string' ? shot.path : await shot.path(page);
    // A page that failed to load still has an h1 (its error page), so failures are caught on the
    // wire and in the console, as the e2e suite does: a picture of an error page is worse than none.
    // The browser's "Failed to load resource" lines for 4xx answers are left to the response
    // listener, which names the address.
    const consoleErrors = watchConsole(page);
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failedRequests.push(`${request.failure()?.errorText} ${request.url()}`));
    await page.goto(path);
    await settle(page);
    // A lost session or a guard would redirect (e.g. to /login).
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`${shot.who} ${path} ended on ${landed}`);
    const problems = [...failedRequests, ...unexpectedConsoleErrors(consoleErrors)];
    if (problems.length > 0) throw new Error(`${shot.who} ${path} did not load cleanly:\n  ${problems.join('\n  ')}`);
    const file = join(OUT_DIR, `${shot.who}-${shot.name}-${viewport}${shot.lang === 'en' ? '-en' : ''}.png`);
    // Viewport only: what a person sees first, and a predictable size for the README.
    await page.screenshot({ path: file, animations: 'disabled' });
    return file;
  } finally {
    await context.close();
  }
}

const started = Date.now();
mkdirSync(OUT_DIR, { recursive: true });
const server = await startServer();
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (const shot of SHOTS) {
      for (const viewport of Object.keys(VIEWPORTS) as TViewport[]) {
        const file = await shoot(browser, shot, viewport);
        console.log(`${file.padEnd(52)} ${(statSync(file).size / 1024).toFixed(0).padStart(4)} KB`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopServer(server);
}
console.log(`${SHOTS.length * 2} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s`);
