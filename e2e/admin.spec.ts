import { createAdminAccount, createCompany } from './support/db.ts';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, signIn, test } from './support/fixtures.ts';

test('an admin finds a policyholder, edits the company, blocks and unblocks, resets, and manages admins', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = `adm${Date.now()}`;
  const { employer } = await createCompany(tag, { legacy: false });
  const company = `Altbestand ${tag} GmbH`;

  // The policyholder is signed in elsewhere; blocking must end that session.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/login');
  await fillSignIn(customer, employer, DEMO_PASSWORD);
  await expect(customer).toHaveURL(/\/course-settings$/);

  await signIn(page, 'admin', { email: await createAdminAccount('flow') });
  await expect(page).toHaveURL(/\/admin\/policyholders$/);
  await expect(page.getByRole('heading', { name: 'Versicherungsnehmer', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ von \d+ Kunden$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Suchen (Unternehmen, Name, E-Mail, Versicherungsnummer)').fill(tag);
  await expect(page.getByText(/^1 von \d+ Kunden$/)).toBeVisible();
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit the company.
  const companyForm = page.getByRole('form', { name: 'Unternehmen' });
  await companyForm.getByLabel('Ort').fill('Lübeck');
  await companyForm.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert', { exact: false }).first()).toBeVisible();

  // Block: the policyholder's session ends and signing in fails; unblock: it works again.
  await page.getByRole('button', { name: 'Konto sperren' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Konto sperren' }).click();
  await expect(page.getByText('Das Konto wurde gesperrt; alle Sitzungen sind beendet.')).toBeVisible();
  await customer.goto('/users');
  await expect(customer).toHaveURL(/\/login\?next=/);
  await fillSignIn(customer, employer, DEMO_PASSWORD);
  await expect(customer.getByRole('alert')).toContainText('Zugangsdaten falsch');
  await page.getByRole('button', { name: 'Konto entsperren' }).click();
  await expect(page.getByText('Das Konto wurde entsperrt.')).toBeVisible();
  await customer.goto('/login');
  await fillSignIn(customer, employer, DEMO_PASSWORD);
  await expect(customer).toHaveURL(/\/course-settings$/);

  // Reset the company's progress with RESET.
  await page.getByRole('button', { name: 'E-Learning zurücksetzen' }).click();
  const resetDialog = page.getByRole('dialog');
  await resetDialog.getByLabel('Bestätigung').fill('RESET');
  await resetDialog.getByRole('button', { name: 'Jetzt zurücksetzen' }).click();
  await expect(page.getByText('Das E-Learning wurde zurückgesetzt.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Nächstes Zurücksetzen möglich ab \d\d\.\d\d\.\d{4}\.$/)).toBeVisible();

  // Admins: create one, then delete it with DELETE.
  await page.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  const email = `admin.${tag}@example.com`;
  const form = page.getByRole('form', { name: 'Admin anlegen' });
  await form.getByLabel('Vorname').fill('Berta');
  await form.getByLabel('Nachname').fill(`Backoffice${tag}`);
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Neues Passwort').fill('Quittung-Segelboot-Lampe-58');
  await form.getByLabel('Passwort bestätigen').fill('Quittung-Segelboot-Lampe-58');
  await form.getByRole('button', { name: 'Admin anlegen' }).click();
  await expect(page.getByText('Der Admin wurde angelegt.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('beim ersten Anmelden');
  await row.getByRole('button', { name: `Löschen: Berta Backoffice${tag}` }).click();
  const deleteDialog = page.getByRole('dialog');
  await deleteDialog.getByLabel('Bestätigung').fill('DELETE');
  await deleteDialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Der Admin wurde gelöscht.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  // Nobody deletes themselves.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: '(Sie)' })
      .getByRole('button', { name: /^Löschen/ }),
  ).toBeDisabled();
});

test('an admin deletes a policyholder completely after typing DELETE; the customer can no longer sign in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `del${Date.now()}`;
  const { employer } = await createCompany(tag, { legacy: false });
  await signIn(page, 'admin', { email: await createAdminAccount('flow') });
  await page.getByLabel('Suchen (Unternehmen, Name, E-Mail, Versicherungsnummer)').fill(tag);
  await page.getByRole('link', { name: `Altbestand ${tag} GmbH` }).click();
  await page.getByRole('button', { name: 'Vollständig löschen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bestätigung').fill('DELETE');
  await dialog.getByRole('button', { name: 'Vollständig löschen' }).click();
  await expect(page).toHaveURL(/\/admin\/policyholders$/);
  await expect(page.getByText('Das Unternehmen wurde vollständig gelöscht.')).toBeVisible();
  await page.getByLabel('Suchen (Unternehmen, Name, E-Mail, Versicherungsnummer)').fill(tag);
  await expect(page.getByText('Keine Kunden gefunden.')).toBeVisible();

  const customer = await page.context().browser()?.newContext();
  const other = await customer?.newPage();
  if (!other) throw new Error('no second page');
  await other.goto('/login');
  await fillSignIn(other, employer, DEMO_PASSWORD);
  await expect(other.getByRole('alert')).toContainText('Zugangsdaten falsch');
});
