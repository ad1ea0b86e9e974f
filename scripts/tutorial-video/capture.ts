/*
 * Screenshots for the tutorial video "Erste Schritte" (see README.md here). Expects a portal on
 * TUTORIAL_URL with the demo accounts and DEMO_PASSWORD; writes scene-N.png into TUTORIAL_DIR.
 */
import { chromium, type Page } from '@playwright/test';

const base = process.env.TUTORIAL_URL ?? 'http://localhost:3700';
const password = process.env.DEMO_PASSWORD ?? '';
const dir = process.env.TUTORIAL_DIR ?? '/tmp/tutorial-frames';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let scene = 0;
const shot = async (page: Page) => {
  await page.waitForTimeout(700);
  scene += 1;
  await page.screenshot({ path: `${dir}/scene-${scene}.png` });
};
const signIn = async (page: Page, email: string) => {
  await page.goto(`${base}/login`);
  await page.getByLabel(/^E-Mail/).fill(email);
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
};

const employer = await (
  await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'de-DE' })
).newPage();
await employer.goto(`${base}/login`);
await shot(employer); // 1 sign-in
await signIn(employer, 'employer@example.com');
await employer.goto(`${base}/users`);
await employer.getByRole('button', { name: 'Person einladen' }).click();
const dialog = employer.getByRole('dialog');
await dialog.getByLabel('Vorname').fill('Paula');
await dialog.getByLabel('Nachname').fill('Probst');
await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('paula.probst@musterfirma.example');
await shot(employer); // 2 invite
await dialog.getByRole('button', { name: 'Abbrechen' }).click();
await employer.goto(`${base}/course-settings`);
await shot(employer); // 3 course settings
await employer.goto(`${base}/dashboard`);
await shot(employer); // 4 dashboard

const learner = await (await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'de-DE' })).newPage();
await signIn(learner, 'employee@example.com');
await shot(learner); // 5 my trainings
await learner.goto(`${base}/trainings/password-security/1`);
await shot(learner); // 6 a slide
// Through the slides to the quiz (the slides must be read before the quiz starts).
for (let i = 0; i < 15; i++) {
  await learner.keyboard.press('ArrowRight');
  await learner.waitForTimeout(200);
}
await learner.getByRole('button', { name: /Zum Quiz/ }).click();
await learner.waitForURL(/quiz\/1/);
await learner.locator('.quiz-option').first().click();
await learner.getByRole('button', { name: 'Antwort prüfen' }).click();
await shot(learner); // 7 quiz feedback
await browser.close();
console.log(`${scene} scenes in ${dir}`);
