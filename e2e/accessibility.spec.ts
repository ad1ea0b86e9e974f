import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { createTranslator, type TLocale, type TTranslate } from '@portal/i18n';
import { storageStateFor } from './support/auth-state.ts';
import {
  completeCourses,
  createAdminAccount,
  createAdminWithoutTotp,
  createCertificate,
  createCompany,
  createInsurerAccount,
  createLearner,
  inviteEmployee,
  userByEmail,
} from './support/db.ts';
import {
  appReady,
  axeViolations,
  DEMO,
  DEMO_PASSWORD,
  expect,
  fillSignIn,
  passTotp,
  signIn,
  test,
  unexpectedConsoleErrors,
  watchConsole,
} from './support/fixtures.ts';
import { appRoutePaths } from './support/route-table.ts';

/*
 * The accessibility matrix (issue 7): axe-core (WCAG 2.1 A/AA) over every route of the web app,
 * in German and English, for every role that can see it, with the states that matter (empty
 * lists, a slide, a quiz question, its feedback and result, certificates, dialogs, errors).
 *
 * COVERAGE has one entry per route of apps/web/src/app/routes.tsx, read from the source: a new
 * route fails 'every route is covered' until it gets visits here or a reason why none apply.
 * Each role signs in once per run (storageStateFor); each test is one browser page.
 */

// The role tests spread over the workers; each role still signs in once (storageStateFor).
test.describe.configure({ mode: 'parallel' });

type TRole = 'anonymous' | 'employee' | 'manager' | 'employer' | 'admin' | 'insurer';
const ROLES: readonly TRole[] = ['anonymous', 'employee', 'manager', 'employer', 'admin', 'insurer'];
const SIGNED_IN: readonly TRole[] = ['employee', 'manager', 'employer', 'admin', 'insurer'];
const CUSTOMERS: readonly TRole[] = ['employee', 'manager', 'employer'];
const EVERYONE = ROLES;

const SIX = [
  '5-golden-rules',
  'password-security',
  'email-security',
  'social-engineering',
  'malware',
  'cyber-emergency',
] as const;
/** Each language takes its own course through the quiz, so the two tests never share a state. */
const QUIZ_COURSE: Record<TLocale, (typeof SIX)[number]> = { de: 'password-security', en: 'malware' };
/** Completed for the learner: the certificate page shows 'three of six' with what is missing. */
const DONE = ['email-security', 'social-engineering', 'cyber-emergency'] as const;

const ACCOUNTS = {
  employee: (lang: TLocale) => `a11y.learner.${lang}@example.com`,
  employer: 'boss.a11y@example.com',
  admin: 'a11y', // createAdminAccount tag; the address is read back from the database
  insurer: 'a11y-insurer', // createInsurerAccount tag
} as const;

type TCourseFile = {
  slides: { title: string }[];
  quiz: { question: string; answers: { text: string; correct: boolean }[] }[];
};
const courseFile = (slug: string, lang: TLocale): TCourseFile =>
  JSON.parse(readFileSync(new URL(`../content/courses/${slug}/${lang}.json`, import.meta.url), 'utf8'));

interface TVisitor {
  page: Page;
  t: TTranslate;
  lang: TLocale;
  role: TRole;
  /** Opens a path, waits until it has loaded, and checks that it is the route under test. */
  open(path: string): Promise<void>;
  /** Opens a path and waits until it has loaded, without a check (the way to a state). */
  go(path: string): Promise<void>;
  /** Runs axe on what is on screen now; `state` names it in the report. */
  check(state?: string): Promise<void>;
  /** Presses `trigger`, checks the dialog it opens, closes it with Escape. */
  checkDialog(trigger: Locator, state: string): Promise<void>;
}
interface TVisits {
  roles: readonly TRole[];
  visit: (v: TVisitor) => Promise<void>;
}
type TCoverage = readonly TVisits[] | { notApplicable: string };

const simple = (roles: readonly TRole[], path: string): TVisits[] => [{ roles, visit: (v) => v.open(path) }];

/** Answers the question on screen from the course file, right or wrong, and submits. */
async function answerQuestion(v: TVisitor, file: TCourseFile, right: boolean) {
  // The question of the form (the feedback of the one before also shows its question).
  const text = (await v.page.locator('form .quiz-question').textContent()) ?? '';
  const question = file.quiz.find((q) => q.question === text);
  if (!question) throw new Error(`question not in the course file: ${text}`);
  const correct = question.answers.filter((a) => a.correct);
  const wrong = question.answers.filter((a) => !a.correct);
  const picks = right ? correct : wrong.slice(0, 1);
  // Checkboxes when the question is marked as having several right answers, radios otherwise.
  const kind = (await v.page.getByRole('checkbox').count()) > 0 ? 'checkbox' : 'radio';
  for (const pick of picks) {
    const option = v.page.getByRole(kind, { name: pick.text, exact: true });
    await option.focus();
    await v.page.keyboard.press('Space');
    await expect(option).toBeChecked();
  }
  await v.page.getByRole('button', { name: v.t('training.submit_answer') }).click();
  await v.page.locator('.verdict').waitFor();
}

/** One entry per route of routes.tsx (with ' (index)' for index routes). */
const COVERAGE: Record<string, TCoverage> = {
  '/': { notApplicable: 'redirects to the home page of the role (or to sign-in); it renders nothing itself' },
  '/admin': { notApplicable: 'redirects to /admin/policyholders' },
  '/logout': { notApplicable: 'signs out and redirects to /login, which is covered' },
  '/trainings/:slug': { notApplicable: 'layout route: its pages are the slide and quiz routes below' },
  '/trainings/:slug (index)': { notApplicable: 'redirects to the slide where the learner left off' },

  '/login': [
    {
      roles: ['anonymous'],
      visit: async (v) => {
        await v.open('/login');
        // The refusal of a wrong password (toast).
        await fillSignIn(v.page, DEMO.employee, 'not-the-password');
        await v.page
          .getByRole('alert')
          .filter({ hasText: v.t('login.failed') })
          .waitFor();
        await v.check('wrong password');
      },
    },
    // The sign-in pages stay open to a signed-in person (the public header, the imprint in the footer).
    ...simple(SIGNED_IN, '/login'),
  ],
  '/admin/login': [
    {
      roles: ['anonymous'],
      visit: async (v) => {
        await v.open('/admin/login');
        await fillSignIn(v.page, await createAdminAccount(`a11y-code-${v.lang}`), DEMO_PASSWORD);
        await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(v.t('totp.title'));
        await v.check('authenticator code step');
        await v.open('/admin/login');
        await fillSignIn(v.page, await createAdminWithoutTotp(`a11y-setup-${v.lang}`), DEMO_PASSWORD);
        await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(v.t('totp.setup_title'));
        await v.page.getByTestId('totp-secret').waitFor();
        await v.check('authenticator set-up step');
      },
    },
    ...simple(SIGNED_IN, '/admin/login'),
  ],
  '/login/:token': [
    {
      roles: ['anonymous'],
      visit: async (v) => v.open(await inviteEmployee(`a11y.invited.${v.lang}.${Date.now()}@example.com`)),
    },
    // An invitation link opened in a browser where someone else is signed in.
    {
      roles: SIGNED_IN,
      visit: async (v) => v.open(await inviteEmployee(`a11y.invited.${v.role}.${v.lang}.${Date.now()}@example.com`)),
    },
  ],
  '/register': [
    {
      roles: ['anonymous'],
      visit: async (v) => {
        await v.open('/register');
        await v.page.getByLabel(v.t('form.email'), { exact: true }).fill('not-an-email');
        await v.page.getByLabel(v.t('form.firstname'), { exact: true }).click();
        await v.page.getByLabel(v.t('form.password'), { exact: true }).fill('short');
        await v.page.getByLabel(v.t('form.lastname'), { exact: true }).click();
        await v.check('with errors');
      },
    },
    ...simple(SIGNED_IN, '/register'),
  ],
  '/reset-password': simple(EVERYONE, '/reset-password'),
  '/admin/reset-password': simple(EVERYONE, '/admin/reset-password'),
  '/recovery-password/:token': simple(EVERYONE, '/recovery-password/abc'),
  '/confirm-email/:token': simple(EVERYONE, '/confirm-email/abc'),
  '/confirm-contact/:token': [
    ...simple(EVERYONE, '/confirm-contact/abc'),
    // The refusal of a link that is unknown, used or expired.
    {
      roles: ['anonymous'],
      visit: async (v) => {
        await v.open('/confirm-contact/abcdefghijklmnopqrstuvwxyz234567');
        await v.page.getByRole('button', { name: v.t('confirm_contact.confirm') }).click();
        await v.page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
        await v.check('invalid link');
      },
    },
  ],
  '/admin/recovery-password/:token': simple(EVERYONE, '/admin/recovery-password/abc'),
  '/verify': simple(EVERYONE, '/verify'),
  '/verify/:code': [
    {
      roles: ['anonymous'],
      visit: async (v) => {
        for (const state of ['valid', 'expired', 'revoked'] as const) {
          const code = `AXE${state[0]?.toUpperCase()}-ABCD-${v.lang.toUpperCase()}22`;
          await createCertificate(code, state);
          await v.open(`/verify/${code}`);
          await v.page.locator('.verify-result').waitFor();
        }
        await v.open('/verify/ABCD-EFGH-JKMN');
        await v.page.locator('.verify-result').waitFor();
      },
    },
    {
      roles: SIGNED_IN,
      visit: async (v) => {
        await v.open('/verify/ABCD-EFGH-JKMN');
        await v.page.locator('.verify-result').waitFor();
      },
    },
  ],
  '/order-data-processing': simple(EVERYONE, '/order-data-processing'),
  '/datenschutzhinweise': simple(EVERYONE, '/datenschutzhinweise'),
  '/data-protection-notes': simple(EVERYONE, '/data-protection-notes'),

  '/users': [
    {
      roles: ['manager', 'employer'],
      visit: async (v) => {
        await v.open('/users');
        await v.checkDialog(v.page.getByRole('button', { name: v.t('users.invite'), exact: true }), 'invite dialog');
        const actions = v.page.getByRole('button', { name: new RegExp(`^${v.t('users.actions_for', { name: '' })}`) });
        await actions.first().click();
        await v.page.getByRole('menu').waitFor();
        await v.check('row actions menu');
        await v.page.getByRole('menuitem', { name: v.t('users.edit') }).click();
        await v.page.getByRole('dialog').waitFor();
        await v.check('edit dialog');
        await v.page.keyboard.press('Escape');
        await expect(v.page.getByRole('dialog')).toHaveCount(0);
        if (v.role === 'employer') {
          await v.checkDialog(v.page.getByRole('button', { name: v.t('reset.title'), exact: true }), 'reset dialog');
        }
      },
    },
  ],
  '/course-settings': [
    {
      roles: ['manager', 'employer'],
      visit: async (v) => {
        await v.open('/course-settings');
        const revoke = v.page
          .getByRole('button', { name: new RegExp(`^${v.t('course_settings.revoke_all_for', { course: '' })}`) })
          .and(v.page.locator(':enabled'));
        await v.checkDialog(revoke.first(), 'revoke dialog');
      },
    },
  ],
  '/dashboard': simple(['manager', 'employer'], '/dashboard'),
  '/proofOfInsurance': [
    {
      roles: ['manager', 'employer'],
      visit: async (v) => {
        await v.open('/proofOfInsurance');
        await v.page.locator('img[src^="blob:"], img[src^="data:"], .certificate-preview img').first().waitFor();
      },
    },
  ],
  '/personalCertificate': simple(CUSTOMERS, '/personalCertificate'),
  '/trainings': simple(CUSTOMERS, '/trainings'),
  '/trainings/:slug/:slide/:step?': [
    {
      roles: ['employee'],
      visit: async (v) => {
        const slug = QUIZ_COURSE[v.lang];
        const file = courseFile(slug, v.lang);
        await v.open(`/trainings/${slug}/1`);
        await v.open(`/trainings/${slug}/${file.slides.length}`);
        await v.page.locator('.sources summary').click();
        await v.check('last slide, sources open');
      },
    },
    {
      roles: ['manager'],
      // A completed course, opened again for review.
      visit: (v) => v.open('/trainings/malware/2'),
    },
  ],
  '/trainings/:slug/quiz/:step': [
    {
      roles: ['employee'],
      visit: async (v) => {
        const slug = QUIZ_COURSE[v.lang];
        const file = courseFile(slug, v.lang);
        await v.go(`/trainings/${slug}/${file.slides.length}`);
        await v.page.getByRole('button', { name: v.t('training.to_quiz') }).click();
        await expect(v.page).toHaveURL(/\/quiz\/1$/);
        await v.page.locator('.quiz-question').first().waitFor();
        await v.check('question');
        // German passes, English fails: both results are seen.
        const right = v.lang === 'de';
        const total = file.quiz.length > 5 ? 5 : file.quiz.length;
        for (let step = 1; step <= total; step++) {
          await expect(v.page).toHaveURL(new RegExp(`/quiz/${step}$`));
          await answerQuestion(v, file, right || step > 3);
          if (step === 1) await v.check('answer feedback');
          await v.page
            .getByRole('button', { name: step < total ? v.t('training.next_question') : v.t('training.show_result') })
            .click();
        }
        await expect(v.page).toHaveURL(/\/quiz\/result$/);
        await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(
          right ? v.t('training.passed_title') : v.t('training.failed_title'),
        );
        await v.check(right ? 'result, passed' : 'result, failed');
      },
    },
  ],
  '/phishing': [
    {
      roles: ['employer'],
      visit: async (v) => {
        await v.open('/phishing');
        await v.checkDialog(
          v.page.getByRole('button', { name: v.t('campaigns.stop_sending'), exact: true }),
          'stop sending dialog',
        );
      },
    },
  ],
  '/phishing/:campaignId': [
    {
      roles: ['employer'],
      visit: async (v) => {
        // The editor of a new campaign, and a template's preview.
        await v.open('/phishing/new');
        await v.checkDialog(
          v.page.getByRole('button', { name: new RegExp(`^${v.t('campaigns.preview')}`) }).first(),
          'template preview',
        );
      },
    },
  ],
  '/account-settings': simple(CUSTOMERS, '/account-settings'),
  '/impressum': simple(SIGNED_IN, '/impressum'),

  '/admin/policyholders': simple(['admin'], '/admin/policyholders'),
  '/admin/policyholders/:id': [
    {
      roles: ['admin'],
      visit: async (v) => {
        // The demo policyholder, by the employer's id (dialogs are opened and closed, nothing is changed).
        const { id } = await userByEmail(DEMO.employer);
        await v.open(`/admin/policyholders/${id}`);
        await v.checkDialog(
          v.page.getByRole('button', { name: v.t('policyholders.block'), exact: true }),
          'block dialog',
        );
        await v.checkDialog(
          v.page.getByRole('button', { name: v.t('policyholders.set_password'), exact: true }),
          'set password dialog',
        );
        await v.checkDialog(
          v.page.getByRole('button', { name: v.t('policyholders.delete'), exact: true }),
          'delete dialog',
        );
      },
    },
  ],
  '/admin/policyholders/:id/phishing': [
    {
      roles: ['admin'],
      visit: async (v) => {
        const { id } = await userByEmail(DEMO.employer);
        await v.open(`/admin/policyholders/${id}/phishing`);
      },
    },
  ],
  '/admin/policyholders/:id/phishing/:campaignId': [
    {
      roles: ['admin'],
      visit: async (v) => {
        const { id } = await userByEmail(DEMO.employer);
        await v.open(`/admin/policyholders/${id}/phishing/new`);
      },
    },
  ],
  '/admin/statistics': simple(['admin'], '/admin/statistics'),
  '/admin/jobs': simple(['admin'], '/admin/jobs'),
  '/admin/admins': [
    {
      roles: ['admin'],
      visit: async (v) => {
        await v.open('/admin/admins');
        const remove = v.page.getByRole('button', { name: new RegExp(`^${v.t('admins.delete')}: Anna Admin$`) });
        await v.checkDialog(remove, 'delete dialog');
      },
    },
  ],
  '/admin/upload': simple(['admin'], '/admin/upload'),
  '/admin/insurer-accounts': [
    {
      roles: ['admin'],
      visit: async (v) => {
        await v.open('/admin/insurer-accounts');
        const remove = v.page.getByRole('button', { name: new RegExp(`^${v.t('admins.delete')}: Ines Versicherer$`) });
        await v.checkDialog(remove, 'delete dialog');
      },
    },
  ],
  '/admin/api-keys': [
    {
      roles: ['admin'],
      visit: async (v) => {
        await v.open('/admin/api-keys');
        // A key of this visit's own: the dialog with its token, then the revoke question (left unanswered).
        const name = `Axe ${v.lang} ${Date.now()}`;
        const form = v.page.getByRole('form', { name: v.t('api_keys.create_title') });
        await form.getByLabel(v.t('api_keys.name_label'), { exact: true }).fill(name);
        await form.getByRole('button', { name: v.t('api_keys.create_submit') }).click();
        const dialog = v.page.getByRole('dialog', { name: v.t('api_keys.created_title') });
        await dialog.waitFor();
        await v.check('new key dialog');
        await dialog.getByRole('button', { name: v.t('api_keys.done') }).click();
        await expect(dialog).toHaveCount(0);
        const revoke = v.page.getByRole('button', { name: `${v.t('api_keys.revoke')}: ${name}` });
        await v.checkDialog(revoke, 'revoke dialog');
      },
    },
  ],
  '/admin/webhooks': [
    {
      roles: ['admin'],
      visit: async (v) => {
        await v.open('/admin/webhooks');
        // A receiver of this visit's own: the dialog with its secret, the remove question, then
        // removed for real, so that no later certificate of the run is sent to it.
        const name = `Axe ${v.lang} ${Date.now()}`;
        const form = v.page.getByRole('form', { name: v.t('webhooks.create_title') });
        await form.getByLabel(v.t('webhooks.name_label'), { exact: true }).fill(name);
        await form.getByLabel(v.t('webhooks.url_label'), { exact: true }).fill('https://versicherer.example/axe');
        await form.getByRole('button', { name: v.t('webhooks.create_submit') }).click();
        const dialog = v.page.getByRole('dialog', { name: v.t('webhooks.created_title') });
        await dialog.waitFor();
        await v.check('secret dialog');
        await dialog.getByRole('button', { name: v.t('api_keys.done') }).click();
        await expect(dialog).toHaveCount(0);
        const remove = v.page.getByRole('button', { name: `${v.t('webhooks.remove')}: ${name}` });
        await v.checkDialog(remove, 'remove dialog');
        await remove.click();
        await v.page
          .getByRole('dialog')
          .getByRole('button', { name: v.t('webhooks.remove') })
          .click();
        await expect(remove).toHaveCount(0);
        await v.check('removed receiver');
      },
    },
  ],
  '/insurer': [
    {
      roles: ['insurer'],
      visit: async (v) => {
        await v.open('/insurer');
        // A filter that leaves nothing: the empty state.
        await v.page.getByLabel(v.t('insurer.col_certificate'), { exact: true }).selectOption('expired');
        await expect(v.page.getByText(v.t('insurer.empty_filter'))).toBeVisible();
        await v.check('nothing matches the filters');
      },
    },
  ],

  '/*': [
    { roles: EVERYONE, visit: (v) => v.open('/no-such-page') },
    {
      roles: ['anonymous'],
      visit: async (v) => {
        // A page whose code cannot be loaded (a deploy in between, the server gone): the error page.
        await v.page.route(/\/assets\/not-found-page-[^/]+\.js$/, (route) => route.abort());
        await v.page.goto('/no-such-page-either');
        await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(v.t('route_error.load_failed'));
        await v.check('error page');
        await v.page.unroute(/\/assets\/not-found-page-[^/]+\.js$/);
      },
    },
  ],
};

const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .replace(/ \(index\)$/, '')
      .replace(/\/\*$/, '/.*')
      .replace(/\/:\w+\?/g, '(/[^/]+)?')
      .replace(/:\w+/g, '[^/]+')}/?$`,
  );

test('every route of routes.tsx is covered by the accessibility matrix or has a reason', () => {
  expect(Object.keys(COVERAGE).sort()).toEqual(appRoutePaths().sort());
  for (const [route, coverage] of Object.entries(COVERAGE)) {
    if ('notApplicable' in coverage) expect(coverage.notApplicable.length, route).toBeGreaterThan(10);
    else expect(coverage.length, route).toBeGreaterThan(0);
  }
});

async function signInAndWait(page: Page, role: 'employee' | 'employer' | 'manager', email: string) {
  await signIn(page, role, { email });
  await page.waitForURL((url) => url.pathname !== '/login');
}

test('the axe runner reports a planted violation, so the matrix can fail', async ({ page }) => {
  await page.setContent(
    '<html lang="de"><head><title>t</title></head><body><main><h1>t</h1><img src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></main></body></html>',
  );
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: img$/)]);
});

/** A signed-in browser state per role, made once per run (the first test of the role signs in). */
function storageState(browser: Browser, role: TRole, lang: TLocale): Promise<string | undefined> {
  switch (role) {
    case 'anonymous':
      return Promise.resolve(undefined);
    case 'employee':
      // One learner per language: the quiz comes in the account's language (learner.lang), not
      // the page's, so each language signs in its own learner once.
      return storageStateFor(
        browser,
        `${role}-${lang}`,
        (page) => signInAndWait(page, 'employee', ACCOUNTS.employee(lang)),
        async () => completeCourses(await createLearner(ACCOUNTS.employee(lang), SIX, lang), DONE),
      );
    case 'employer':
      // A company of its own (its staff list and course matrix are small: the empty-ish states).
      return storageStateFor(
        browser,
        role,
        (page) => signInAndWait(page, 'employer', ACCOUNTS.employer),
        () => createCompany('a11y', { legacy: false }),
      );
    case 'manager':
      // The demo manager: a full staff list, dashboard figures, six courses done (a certificate).
      return storageStateFor(browser, role, (page) => signInAndWait(page, 'manager', DEMO.manager));
    case 'admin':
    case 'insurer': {
      // The back office: an account of its own with an authenticator, signed in with its code.
      let email = '';
      return storageStateFor(
        browser,
        role,
        async (page) => {
          await page.goto('/admin/login');
          await fillSignIn(page, email, DEMO_PASSWORD);
          await passTotp(page, email);
        },
        async () => {
          email =
            role === 'admin' ? await createAdminAccount(ACCOUNTS.admin) : await createInsurerAccount(ACCOUNTS.insurer);
        },
      );
    }
  }
}

/** The error-page state aborts one script on purpose; the browser logs that. */
const ABORTED = /^Failed to load resource: net::ERR_FAILED$/;

/**
 * Goes to `path` the way a link in the app does (the router reacts to history changes), once the
 * app has loaded; the first visit loads the page. A full load per path cost more than the axe run
 * itself (~0.7 s each on the 2-core machine), and the in-page axe stays injected this way.
 */
async function navigate(page: Page, path: string) {
  const here = await page
    .evaluate(() => (document.documentElement.dataset.app === 'ready' ? window.location.pathname : null))
    .catch(() => null);
  // The same path again means its first state (e.g. a sign-in form before the code step): a load.
  if (here === null || here === new URL(path, 'http://x').pathname) {
    await page.goto(path);
    await appReady(page);
    return;
  }
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The router shows its progress bar while a route's code and data load; it renders within a frame.
    await frame();
    await frame();
    while (document.querySelector('.route-progress')) await frame();
    await frame();
  }, path);
}

const LOADING = /^(Wird geladen …|Loading …)$/;

for (const role of ROLES) {
  for (const lang of ['de', 'en'] as const) {
    const entries = Object.entries(COVERAGE).flatMap(([route, coverage]) =>
      'notApplicable' in coverage
        ? []
        : coverage.filter((visits) => visits.roles.includes(role)).map((visits) => ({ route, visits })),
    );
    test(`${role} (${lang}): every page has no axe violations`, async ({ browser }) => {
      test.setTimeout(60_000 + entries.length * 8_000);
      const context = await browser.newContext({
        storageState: await storageState(browser, role, lang),
        locale: lang === 'de' ? 'de-DE' : 'en-GB',
      });
      await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
      const page = await context.newPage();
      const consoleErrors = watchConsole(page);
      const t = createTranslator(lang);
      const problems: string[] = [];
      for (const { route, visits } of entries) {
        const pattern = patternOf(route);
        const check = async (state?: string) => {
          const label = `${route}${state ? ` [${state}]` : ''} at ${new URL(page.url()).pathname}`;
          const started = Date.now();
          for (const violation of await axeViolations(page)) problems.push(`${label}: ${violation}`);
          if (process.env.A11Y_TIMING) console.log(`axe ${Date.now() - started} ms ${label}`);
        };
        const go = async (path: string) => {
          const started = Date.now();
          await navigate(page, path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await expect(page.locator('.route-progress')).toHaveCount(0);
          await expect(page.getByText(LOADING)).toHaveCount(0);
          if (process.env.A11Y_TIMING) console.log(`load ${Date.now() - started} ms ${path}`);
        };
        const visitor: TVisitor = {
          page,
          t,
          lang,
          role,
          go,
          open: async (path) => {
            await go(path);
            expect(new URL(page.url()).pathname, `${path} as ${role}`).toMatch(pattern);
            await check();
          },
          check,
          checkDialog: async (trigger, state) => {
            await trigger.click();
            await page.getByRole('dialog').waitFor();
            await check(state);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          },
        };
        await test.step(route, () => visits.visit(visitor));
      }
      await context.close();
      expect(problems, `axe violations for ${role} (${lang})`).toEqual([]);
      expect(
        unexpectedConsoleErrors(consoleErrors).filter((text) => !(role === 'anonymous' && ABORTED.test(text))),
      ).toEqual([]);
    });
  }
}
