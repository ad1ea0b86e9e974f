import { inviteEmployee } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';

const PASSWORD = 'Grüne Tannen am stillen See 3';

test('an invited employee sets a password through /login/{token} and is signed in; the link works once', async ({
  page,
}) => {
  const email = `ina.${Date.now()}@example.com`;
  const path = await inviteEmployee(email);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort ändern');
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
  await expect(page.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
  await page.getByLabel('Neues Passwort').fill(PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Passwort festlegen' });
  await expect(submit).toBeDisabled();
  await page.getByText('Ich habe die Datenschutzhinweise gelesen und akzeptiere sie.').click();
  await submit.click();
  // Setting the password hashes it (argon2) and opens a session; on the 2-core CI machine with two
  // server processes and a second test worker that once took longer than the default 5 s.
  await expect(page).toHaveURL('/trainings', { timeout: 15_000 });

  await page.goto('/logout');
  await page.goto(path);
  await page.getByLabel('Neues Passwort').fill(PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
  await page.getByText('Ich habe die Datenschutzhinweise gelesen und akzeptiere sie.').click();
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen');
});
