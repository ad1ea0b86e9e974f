/*
 * Screenshots for the tutorial video "Erste Schritte" (see README.md in this folder).
 *
 * Expects a running portal with the demo seed at TUTORIAL_URL whose demo accounts use
 * DEMO_PASSWORD, and writes 1280x720 PNGs into FRAMES_DIR:
 *   01-login, 02-users, 03-invite, 04-course-table, 05-matrix, 06-trainings, 07-slide,
 *   08-quiz, 09-closing
 * Run by render.sh; plain node resolves @playwright/test from the repository's node_modules.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.TUTORIAL_URL ?? 'http://localhost:3600';
const password = process.env.DEMO_PASSWORD;
const dir = process.env.FRAMES_DIR ?? '/tmp/tutorial-frames';
if (!password) throw new Error('DEMO_PASSWORD is not set');
mkdirSync(dir, { recursive: true });

const course = JSON.parse(
  readFileSync(new URL('../../content/courses/password-security/de.json', import.meta.url), 'utf8'),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

async function newPage() {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    locale: 'de-DE',
    reducedMotion: 'reduce',
  });
  // German UI regardless of any stored choice.
  await context.addInitScript(() => localStorage.setItem('lang', 'de'));
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
  return page;
}

/** Waits until the page is quiet (requests, animations, fonts), then takes the picture. */
async function shot(page, name) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png` });
  console.log(`  ${name}.png`);
}

async function fillSignIn(page, email) {
  await page.getByLabel(/^E-Mail/).fill(email);
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill(password);
}

async function signIn(page, email, landing) {
  await page.goto(`${base}/login`);
  await fillSignIn(page, email);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL(landing);
}

// --- Employer -------------------------------------------------------------------------------
const employer = await newPage();

// 1) Sign-in page, filled in (the password stays masked).
await employer.goto(`${base}/login`);
await employer.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
await fillSignIn(employer, 'employer@example.com');
await employer.getByRole('button', { name: 'Anmelden', exact: true }).focus();
await shot(employer, '01-login');
await employer.getByRole('button', { name: 'Anmelden', exact: true }).click();
await employer.waitForURL(/\/course-settings$/);

// 2) Staff list, then the invitation dialog with an example person.
await employer.goto(`${base}/users`);
await employer.getByRole('heading', { name: /^Mitarbeiter/, level: 1 }).waitFor();
await employer.getByRole('row').nth(1).waitFor();
await shot(employer, '02-users');
await employer.getByRole('button', { name: 'Person einladen' }).click();
const dialog = employer.getByRole('dialog');
await dialog.getByLabel('Vorname').fill('Paula');
await dialog.getByLabel('Nachname').fill('Probst');
await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('paula.probst@example.com');
for (const title of [course.title, 'Social Engineering – Manipulation erkennen und abwehren']) {
  await dialog.getByText(title, { exact: true }).click();
}
await dialog.getByRole('textbox', { name: 'E-Mail' }).focus();
await shot(employer, '03-invite');
await employer.keyboard.press('Escape'); // nothing is sent
await dialog.waitFor({ state: 'hidden' });

// 3) Course settings: the course table, then the assignment matrix further down.
await employer.goto(`${base}/course-settings`);
await employer.getByRole('heading', { name: 'Kurseinstellungen', level: 1 }).waitFor();
await employer.getByRole('checkbox').first().waitFor();
await shot(employer, '04-course-table');
const matrixTop = await employer
  .getByRole('heading', { name: 'Zuweisung pro Person' })
  .evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
await employer.evaluate((top) => window.scrollTo(0, top - 150), matrixTop);
await shot(employer, '05-matrix');

// --- Employee -------------------------------------------------------------------------------
const employee = await newPage();

// 4) My trainings.
await signIn(employee, 'employee@example.com', /\/trainings$/);
await employee.getByRole('heading', { name: 'Meine Schulungen', level: 1 }).waitFor();
await employee.getByRole('heading', { name: course.title }).waitFor();
await shot(employee, '06-trainings');

// 5) The first slide of "Passwortsicherheit".
await employee.goto(`${base}/trainings/password-security/1`);
await employee.getByRole('heading', { name: course.slides[0].title, level: 1 }).waitFor();
await shot(employee, '07-slide');

// 6) Through all slides with the arrow key, to the quiz; answer the first question correctly.
for (const [index, slide] of course.slides.entries()) {
  await employee.waitForURL(new RegExp(`/password-security/${index + 1}$`));
  await employee.getByRole('heading', { name: slide.title, level: 1 }).waitFor();
  if (index < course.slides.length - 1) await employee.keyboard.press('ArrowRight');
}
await employee.getByRole('button', { name: 'Zum Quiz' }).click();
await employee.waitForURL(/\/quiz\/1$/);
const questionText = (await employee.locator('form .quiz-question').textContent())?.trim() ?? '';
const question = course.quiz.find((q) => q.question === questionText);
if (!question) throw new Error(`question not in the course file: ${questionText}`);
const right = question.answers.filter((a) => a.correct);
for (const answer of right) {
  await employee
    .getByRole(right.length > 1 ? 'checkbox' : 'radio', { name: answer.text, exact: true })
    .click({ force: true });
}
await employee.getByRole('button', { name: 'Antwort prüfen' }).click();
await employee.getByRole('status').filter({ hasText: 'Das ist richtig' }).waitFor();
await employee.evaluate(() => window.scrollTo(0, 0)); // keep the navigation in view
await shot(employee, '08-quiz');

// 7) Closing frame, in the portal's own look (logo from apps/web/public/favicon.svg).
const logo = readFileSync(new URL('../../apps/web/public/favicon.svg', import.meta.url), 'utf8');
const closing = await newPage();
await closing.goto(`${base}/login`); // same origin and stylesheet as the portal
await closing.evaluate((svg) => {
  document.body.innerHTML = `
    <main style="height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
                 gap:28px;background:#f4f6fa;font-family:inherit;text-align:center">
      <div style="width:120px;height:120px">${svg}</div>
      <h1 style="font-size:46px;margin:0;color:#1a1a1a">Geschafft – Sie sind startklar!</h1>
      <p style="font-size:26px;margin:0;color:#444;max-width:900px;line-height:1.4">
        Laden Sie Ihr Team ein, weisen Sie Kurse zu und behalten Sie den Fortschritt im Blick.</p>
      <p style="font-size:22px;margin:12px 0 0;color:#0b4f8a;font-weight:600">
        E-Learning-Portal Cyber-Sicherheit</p>
    </main>`;
  const svgElement = document.querySelector('main svg');
  svgElement?.setAttribute('width', '120');
  svgElement?.setAttribute('height', '120');
}, logo);
await shot(closing, '09-closing');

await browser.close();
