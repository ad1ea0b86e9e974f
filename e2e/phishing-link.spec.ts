import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, test } from './support/fixtures.ts';
import { freshAccount } from './support/fresh-account.ts';
import { linkPath, waitForMail } from './support/mail.ts';
import { clickedAt, sendSimulation } from './support/phishing.ts';

/**
 * Issue 24, point 3 (ADR 036), in a real browser: a simulated mail arrives over SMTP with its
 * header; a link scanner's fetch of its link counts nothing; the person's browser lands on the
 * teaching page in their language (0 axe violations), and the course button opens the course
 * after the sign-in. On both databases.
 */
const TEXT = {
  de: { heading: /^Das war eine Phishing-Simulation von /, course: /^Zum Kurs / },
  en: { heading: /^This was a phishing simulation by /, course: /^Open the course / },
} as const;

for (const lang of ['de', 'en'] as const) {
  test(`a click leads to the teaching page and the course; a scanner's fetch is not counted (${lang})`, async ({
    page,
    request,
  }) => {
    const email = await freshAccount('employee', lang, 'phishing');
    await sendSimulation(email, 'parcel-customs-fee');
    const mail = await waitForMail(email);
    expect(mail.headers.get('x-portal-simulation')).toMatch(/^[0-9a-f-]{36}$/);
    expect(mail.from).toMatch(/@localhost>?$/);
    const path = linkPath(mail, '/p/');

    // What Defender, Proofpoint & co. do before the person reads the mail: fetch the link.
    const scanned = await request.get(path, { maxRedirects: 0 });
    expect(scanned.status()).toBe(200);
    expect(await clickedAt(email)).toBeNull();

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].heading })).toBeVisible();
    await expect(page).toHaveURL(/\/p\/[A-Za-z0-9_-]{43}\/lesson$/);
    expect(await clickedAt(email)).not.toBeNull();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('ol.signs > li')).toHaveCount(5);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: TEXT[lang].course }).click();
    await expect(page).toHaveURL(/\/login/);
    await fillSignIn(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/trainings\/email-security/);
  });
}
