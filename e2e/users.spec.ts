import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';
import { linkPath, waitForMail } from './support/mail.ts';

const NEW_PASSWORD = 'Sonnenblume-Laterne-Fluss-58';

async function invite(page: import('@playwright/test').Page, email: string, courses: string[]) {
  await page.getByRole('button', { name: 'Person einladen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Paula');
  await dialog.getByLabel('Nachname').fill('Probst');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  for (const course of courses) {
    await dialog.getByText(course, { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: course })).toBeChecked();
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('E-Mail wurde gesendet')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openUsersPage(page: import('@playwright/test').Page) {
  await signIn(page, 'employer');
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Mitarbeiter', level: 1 })).toBeVisible();
}

async function setPassword(page: import('@playwright/test').Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(NEW_PASSWORD);
  await page.getByText('Ich habe die Datenschutzhinweise gelesen und akzeptiere sie.').click();
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
}

test('an employer invites an employee over real SMTP; the link works once and a resent one voids it', async ({
  page,
  browser,
}) => {
  const email = `paula.${Date.now()}@example.com`;
  await openUsersPage(page);
  await expectNoAxeViolations(page);
  await invite(page, email, ['Schadsoftware erkennen und abwehren', 'Private Geräte im Job (BYOD)']);

  const first = await waitForMail(email, 1);
  expect(first.subject).toBe('Einladung zum E-Learning-Portal Cyber-Sicherheit');
  expect(first.text).toContain('Musterfirma GmbH');
  const firstLink = linkPath(first, '/login/');

  // Resend: the earlier link stops working.
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('paula');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Eingeladen')).toBeVisible();
  await row.getByRole('button', { name: 'Aktionen für Paula Probst' }).click();
  await page.getByRole('menuitem', { name: 'Einladung erneut senden' }).click();
  const second = await waitForMail(email, 2);
  const secondLink = linkPath(second, '/login/');
  expect(secondLink).not.toBe(firstLink);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await setPassword(invitee, firstLink);
  await expect(invitee.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen');
  await setPassword(invitee, secondLink);
  await expect(invitee).toHaveURL(/\/trainings$/);
  await expect(invitee.getByRole('heading', { name: 'Schadsoftware erkennen und abwehren' })).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Private Geräte im Job (BYOD)' })).toBeVisible();
  await invitee.context().clearCookies();

  // A second use of the working link fails too.
  await setPassword(invitee, secondLink);
  await expect(invitee.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen');
  await inviteeContext.close();

  await page.reload();
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('paula');
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Aktiv')).toBeVisible();
});

test('a used email is refused with users.email_already_exists', async ({ page }) => {
  await openUsersPage(page);
  await page.getByRole('button', { name: 'Person einladen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Doppelt');
  await dialog.getByLabel('Nachname').fill('Gemoppelt');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill('employee3@example.com');
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('E-Mail existiert bereits')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the employer deletes a person after typing DELETE', async ({ page }) => {
  const email = `delete.${Date.now()}@example.com`;
  await openUsersPage(page);
  await invite(page, email, []);
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('delete.');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Aktionen für/ }).click();
  await page.getByRole('menuitem', { name: 'Löschen' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Löschen' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Bestätigung').fill('delete');
  await expect(dialog.getByText('Bitte geben Sie DELETE ein.')).toBeVisible();
  await dialog.getByLabel('Bestätigung').fill('DELETE');
  await confirm.click();
  await expect(page.getByText('Die Person wurde gelöscht.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});
