import { E2E_BASE_URL } from '../playwright.config.ts';
import { expect, fillSignIn, test } from './support/fixtures.ts';

const NEW_PASSWORD = 'Blaue Möwen fliegen leise 77';

test('reset link from the mailbox sets a new password once', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL('/reset-password');
  await page.getByLabel('E-Mail').fill('employee2@example.com');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'E-Mail versendet' })).toBeVisible();

  // The embedded default keeps mails in the outbox; /dev/mailbox shows them with their links.
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: 'employee2@example.com' }).first();
  await expect(mail).toContainText('Passwort zurücksetzen');
  const link = await mail.getByRole('link', { name: /recovery-password/ }).getAttribute('href');
  expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/recovery-password/[a-z0-9]+$`));
  const path = new URL(link as string).pathname;

  await page.goto(path);
  await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL('/login');

  await fillSignIn(page, 'employee2@example.com', NEW_PASSWORD);
  await expect(page).toHaveURL('/trainings');

  await page.goto('/logout');
  await page.goto(path);
  await page.getByLabel('Neues Passwort').fill('Noch ein ganz anderes Passwort 5');
  await page.getByLabel('Passwort bestätigen').fill('Noch ein ganz anderes Passwort 5');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen');
});

test('an unknown email gets the same answer as a known one', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('E-Mail').fill('nobody-here@example.org');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'E-Mail versendet' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await expect(page).toHaveURL('/login');
});
