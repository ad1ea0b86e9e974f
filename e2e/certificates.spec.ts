import { execFileSync } from 'node:child_process';
import { completeCourses, createLearner } from './support/db.ts';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, signIn, test } from './support/fixtures.ts';

const SIX = [
  '5-golden-rules',
  'password-security',
  'email-security',
  'social-engineering',
  'malware',
  'cyber-emergency',
];
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;

/** What a reader of the downloaded file sees, through poppler. */
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

test('a learner with six completed courses sees the certificate, downloads it in German and English, and anyone can verify it', async ({
  page,
  browser,
}) => {
  const email = `certified.${Date.now()}@example.com`;
  await completeCourses(await createLearner(email, SIX, 'de', { firstname: 'Zora', lastname: 'Zertifiziert' }), SIX);
  await page.goto('/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Persönliches Zertifikat' }).click();
  await expect(page.getByRole('heading', { name: 'Persönliches Zertifikat', level: 1 })).toBeVisible();

  const preview = page.getByRole('img', {
    name: /Vorschau des Zertifikats für Zora Zertifiziert mit 6 abgeschlossenen Schulungen/,
  });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const code = ((await page.getByText(/^Prüfcode: /).textContent()) ?? '').match(CODE)?.[0] ?? '';
  expect(code).toMatch(CODE);
  await expectNoAxeViolations(page);

  const [german] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF herunterladen' }).click(),
  ]);
  expect(german.suggestedFilename()).toBe(`Zertifikat-${code}.pdf`);
  const germanText = pdfText(await german.path());
  expect(germanText).toContain('Zora Zertifiziert');
  expect(germanText).toContain('die folgenden 6 Schulungen erfolgreich abgeschlossen hat:');
  expect(germanText).toContain('Passwortsicherheit: Passphrasen, Passwortmanager und Passkeys');
  expect(germanText).toContain(`Prüfcode ${code}`);

  await page.getByRole('radio', { name: 'English' }).click();
  const [english] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(english.suggestedFilename()).toBe(`Certificate-${code}.pdf`);
  expect(pdfText(await english.path())).toContain('has successfully completed the following 6 courses:');
  await page.getByRole('radio', { name: 'Deutsch' }).click();

  // The QR code's address, opened by someone without an account.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`/verify/${code}`);
  await expect(stranger.getByRole('heading', { name: 'Gültig', level: 2 })).toBeVisible();
  await expect(stranger.getByText('Zora Z.', { exact: true })).toBeVisible();
  await expect(stranger.locator('main')).not.toContainText('Zertifiziert');
  await expect(stranger.locator('main')).not.toContainText(email);
  await expectNoAxeViolations(stranger);

  await stranger.getByLabel('Anderen Prüfcode prüfen').fill('abcd efgh jkmn');
  await stranger.getByRole('button', { name: 'Prüfen' }).click();
  await expect(stranger).toHaveURL(/\/verify\/abcd%20efgh%20jkmn$/);
  await expect(stranger.getByRole('heading', { name: 'Unbekannt', level: 2 })).toBeVisible();
  await stranger.getByRole('radio', { name: 'English' }).click();
  await expect(stranger.getByRole('heading', { name: 'Unknown', level: 2 })).toBeVisible();
  await expectNoAxeViolations(stranger);
});

test('a learner with five of six courses gets no certificate and sees what is missing', async ({ page }) => {
  const email = `almost.${Date.now()}@example.com`;
  await completeCourses(
    await createLearner(email, SIX, 'de', { firstname: 'Fritz', lastname: 'Fastfertig' }),
    SIX.slice(0, 5),
  );
  await page.goto('/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trainings$/);
  await page.getByRole('link', { name: 'Persönliches Zertifikat' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Zertifikat ist noch nicht verfügbar' })).toBeVisible();
  await expect(page.getByText('5 von 6 Schulungen abgeschlossen', { exact: true })).toBeVisible();
  const missing = page.getByRole('list').filter({ hasText: 'Cyber-Notfall' });
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing.getByRole('link', { name: 'Cyber-Notfall: richtig reagieren' })).toHaveAttribute(
    'href',
    '/trainings/cyber-emergency/1',
  );
  await expect(page.getByRole('button', { name: 'PDF herunterladen' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the policyholder downloads the proof of insurance with the company figures', async ({ page }) => {
  await signIn(page, 'employer');
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.getByRole('link', { name: 'Versicherungsnachweis' }).click();
  await expect(page.getByRole('heading', { name: 'Versicherungsnachweis', level: 1 })).toBeVisible();
  const preview = page.getByRole('img', { name: /Vorschau des Versicherungsnachweises für/ });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const code = ((await page.getByText(/^Prüfcode: /).textContent()) ?? '').match(CODE)?.[0] ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Versicherungsnachweis-${code}.pdf`);
  const text = pdfText(await download.path());
  expect(text).toContain('Versicherungsnachweis');
  expect(text).toMatch(/Versicherungsnummer AS-\d{10}/);
  expect(text).toContain('Personen in Schulung');
  expect(text).toMatch(/davon zertifiziert \(\d+ %\)/);
  expect(text).toContain('Abschlussquote pro Kurs');
  await expectNoAxeViolations(page);
});
