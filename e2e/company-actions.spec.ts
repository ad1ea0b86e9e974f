import { createCompany } from './support/db.ts';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';

async function signInAsPolicyholder(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Mitarbeiter', level: 1 })).toBeVisible();
}

test('the policyholder resets the e-learning once with RESET; the next date is shown', async ({ page }) => {
  const { employer } = await createCompany(`reset${Date.now()}`, { legacy: false });
  await signInAsPolicyholder(page, employer);
  const card = page.getByRole('region', { name: 'E-Learning zurücksetzen' });
  await card.getByRole('button', { name: 'E-Learning zurücksetzen' }).click();
  const dialog = page.getByRole('dialog');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Bestätigung').fill('RESET');
  await dialog.getByRole('button', { name: 'Jetzt zurücksetzen' }).click();
  await expect(page.getByText('Das E-Learning wurde zurückgesetzt.', { exact: false })).toBeVisible();
  await expect(card.getByText(/^Nächstes Zurücksetzen möglich ab \d{2}\.\d{2}\.\d{4}\.$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'E-Learning zurücksetzen' })).toBeDisabled();
});

test('the policyholder hands the role to an employee and becomes manager', async ({ page }) => {
  const { employer, employee } = await createCompany(`handover${Date.now()}`, { legacy: false });
  await signInAsPolicyholder(page, employer);
  const card = page.getByRole('region', { name: 'Rolle des Versicherungsnehmers übergeben' });
  await card.getByRole('button', { name: /Neuer Versicherungsnehmer/ }).click();
  await page.getByRole('option', { name: /Bruno Belegschaft/ }).click();
  await card.getByText('Manager', { exact: true }).click();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Rolle übergeben' }).click();
  await expect(page).toHaveURL(/\/login/);

  await fillSignIn(page, employee, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.goto('/users');
  const former = page.getByRole('row').filter({ hasText: employer });
  await expect(former.getByRole('cell', { name: 'Manager', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rolle des Versicherungsnehmers übergeben' })).toBeVisible();
});

test('the policyholder exports the company data as CSV for a German spreadsheet', async ({ page }) => {
  const { employer, employee } = await createCompany(`export${Date.now()}`, { legacy: false });
  await page.goto('/login');
  await fillSignIn(page, employer, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.goto('/account-settings');
  const card = page.getByRole('region', { name: 'Daten exportieren' });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Als CSV herunterladen (Excel)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await import('node:fs')).readFileSync((await file.path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFFNachname;Vorname;E-Mail;Rolle;Kurs;Status')).toBe(true);
  expect(text).toContain(`Belegschaft;Bruno;${employee};employee;malware;assigned`);
});

test('the policyholder uploads a list of 55 people, sees the row report and confirms', async ({ page }) => {
  const { employer } = await createCompany(`upload${Date.now()}`, { legacy: false });
  await signInAsPolicyholder(page, employer);
  const card = page.getByRole('region', { name: 'Mitarbeiterliste hochladen' });
  const lines = [
    'Vorname;Nachname;E-Mail',
    ...Array.from({ length: 54 }, (_, i) => `lea;schröder;lea.${i}@liste.example`),
    'Ohne;Mail;keine',
  ];
  const fileChooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'CSV-Datei auswählen' }).click();
  await (await fileChooser).setFiles({
    name: 'mitarbeiter.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf8'),
  });
  await expect(card.getByText('Vorschau: 54 gültige Zeilen, 1 mit Fehlern')).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: 'E-Mail ungültig' })).toContainText('56');
  await expectNoAxeViolations(page);
  await card.getByLabel('Bestätigung zusätzlich an (optional)').fill('personal@liste.example');
  await card.getByRole('button', { name: 'Ja, endgültig hochladen' }).click();
  await expect(page.getByText('Ihre Liste ist eingegangen.', { exact: false })).toBeVisible();
  const mail = await waitForMail(employer);
  expect(mail.subject).toBe('Ihre Mitarbeiterliste ist eingegangen');
  expect(mail.headers.get('cc')).toContain('personal@liste.example');
});

test('a list with commas is refused with the reason and the support address', async ({ page }) => {
  const { employer } = await createCompany(`badupload${Date.now()}`, { legacy: false });
  await signInAsPolicyholder(page, employer);
  const card = page.getByRole('region', { name: 'Mitarbeiterliste hochladen' });
  const fileChooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'CSV-Datei auswählen' }).click();
  await (await fileChooser).setFiles({
    name: 'liste.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Vorname,Nachname,E-Mail\nA,B,a@b.de'),
  });
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('Die Spalten müssen durch ein Semikolon (;) getrennt sein.');
  await expect(alert).toContainText('support@portal.example');
});
