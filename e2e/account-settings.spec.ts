import { expect, fillSignIn, signIn, test } from './support/fixtures.ts';

test('an employee edits the profile and changes the password with the current one', async ({ page }) => {
  await signIn(page, 'employee', { email: 'employee3@example.com' });
  await expect(page).toHaveURL('/trainings');
  await page.getByRole('link', { name: 'Kontoeinstellungen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontoeinstellungen');

  await page.getByRole('radio', { name: 'Herr' }).check();
  await page.getByLabel('Telefonnummer').fill('+49 40 555 0101');
  await page.getByLabel('Straße und Hausnummer').fill('Elbchaussee 12');
  await page.getByLabel('PLZ', { exact: true }).fill('22763');
  await page.getByLabel('Ort', { exact: true }).fill('Hamburg');
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The toast, by its text: a section that reloads after the save shows a status of its own
  // ("Wird geladen …") at the same moment (seen on PostgreSQL in CI).
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Änderungen wurden gespeichert.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Hamburg');

  const current = (await import('./support/fixtures.ts')).DEMO_PASSWORD;
  const next = 'Windmühlen drehen sich langsam 8';
  await page.getByLabel('Aktuelles Passwort').fill('falsch-falsch-falsch');
  await page.getByLabel('Neues Passwort').fill(next);
  await page.getByLabel('Passwort bestätigen').fill(next);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toContainText('Das aktuelle Passwort ist falsch.');

  await page.getByLabel('Aktuelles Passwort').fill(current);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert.' })).toBeVisible();

  await page.goto('/logout');
  await fillSignIn(page, 'employee3@example.com', next);
  await expect(page).toHaveURL('/trainings');
});
