import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminAccount, createCompany, withDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';

/** A list as a German spreadsheet exports it (BOM, `;`, CRLF), written to a temporary file. */
function csvFile(lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'admin-upload-')), 'mitarbeiter.csv');
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

const peopleOf = (company: string) =>
  withDb(
    (db) =>
      (
        db
          .prepare('select count(*) as n from users u join companies c on c.id = u.company_id where c.company_name = ?')
          .get(company) as { n: number }
      ).n,
  );

test('the admin uploads a list for a policyholder, confirms, reads the counts and informs the policyholder', async ({
  page,
}) => {
  const tag = `adminupload${Date.now()}`;
  const { employer, employee } = createCompany(tag, { legacy: false });
  const company = `Altbestand ${tag} GmbH`;
  const file = csvFile([
    'Vorname;Nachname;E-Mail',
    ...Array.from({ length: 53 }, (_, i) => `jürgen;weiß;jw.${i}.${tag}@liste.example`),
    `Bruno;Belegschaft;${employee}`,
    'Özlem;Şahin;keine-mail',
  ]);

  await signIn(page, 'admin', { email: createAdminAccount('upload') });
  await page.goto('/admin/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeiterliste hochladen' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: 'Versicherungsnehmer' }).fill(tag);
  await page.getByRole('option', { name: new RegExp(company) }).click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByText('55 Zeilen: 53 neu, 1 bereits vorhanden, 1 mit Fehlern')).toBeVisible();
  const preview = page.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByRole('row').filter({ hasText: 'keine-mail' })).toContainText('E-Mail ungültig');
  await expect(preview.getByRole('row').filter({ hasText: employee })).toContainText('Bereits vorhanden');
  await expect(preview.getByRole('row').filter({ hasText: `jw.0.${tag}` })).toContainText('Jürgen Weiß');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ja, endgültig hochladen' }).click();
  await expect(page.getByRole('heading', { name: 'Ergebnis' })).toBeFocused();
  const figure = (label: string) => page.locator('.figure').filter({ hasText: label }).locator('.figure-value');
  await expect(figure('Bereits vorhanden')).toHaveText('1');
  await expect(figure('Neu angelegt')).toHaveText('53');
  await expect(figure('Mit Validierungsfehler')).toHaveText('1');
  await expect(figure('Bearbeitet')).toHaveText('55');
  expect(peopleOf(company)).toBe(2 + 53);
  const invitation = await waitForMail(`jw.0.${tag}@liste.example`);
  expect(invitation.subject).toBe('Einladung zum E-Learning-Portal Cyber-Sicherheit');
  expect(invitation.text).toContain('Alma Altkunde hat Sie für');

  await page.getByLabel('Kopie an (optional)').fill(`personal.${tag}@liste.example`);
  await page.getByRole('button', { name: 'Informationsmail senden' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Die Informationsmail an ${employer} ist unterwegs.` })
      .first(),
  ).toBeVisible();
  const information = await waitForMail(employer);
  expect(information.subject).toBe(`Ihre Mitarbeiterliste für ${company} wurde verarbeitet`);
  expect(information.headers.get('cc')).toContain(`personal.${tag}@liste.example`);
  expect(information.text).toContain('davon 53 Personen neu angelegt und eingeladen, 1 bereits vorhanden');
  await expectNoAxeViolations(page);
});

test('the admin previews a policyholder’s queued list and imports it; another one is rejected', async ({ page }) => {
  const tag = `adminqueue${Date.now()}`;
  createCompany(tag, { legacy: false });
  const company = `Altbestand ${tag} GmbH`;
  const queue = (filename: string, count: number) =>
    withDb((db) => {
      const { companyId, ownerId } = db
        .prepare('select id as companyId, owner_id as ownerId from companies where company_name = ?')
        .get(company) as { companyId: string; ownerId: string };
      const rows = Array.from({ length: count }, (_, i) => ({
        line: i + 2,
        firstname: 'Lena',
        lastname: 'Löwe',
        email: `${filename}.${i}.${tag}@queue.example`,
        errors: [],
      }));
      db.prepare(
        `insert into employee_uploads (id, company_id, uploaded_by, filename, rows, valid_count, invalid_count, status, created_at)
         values (?, ?, ?, ?, ?, ?, 0, 'pending', ?)`,
      ).run(crypto.randomUUID(), companyId, ownerId, `${filename}.csv`, JSON.stringify(rows), count, Date.now());
    });
  queue('erste', 50);
  queue('zweite', 51);

  await signIn(page, 'admin', { email: createAdminAccount('upload') });
  await page.goto('/admin/upload');
  const queued = page.getByRole('region', { name: 'Eingegangene Listen der Versicherungsnehmer' });
  await expect(queued.getByRole('row').filter({ hasText: company })).toHaveCount(2);

  await queued.getByRole('button', { name: `Vorschau für „erste.csv“ von ${company}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('50 Zeilen: 50 neu, 0 bereits vorhanden, 0 mit Fehlern')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ja, endgültig hochladen' }).click();
  await expect(dialog.locator('.figure').filter({ hasText: 'Neu angelegt' }).locator('.figure-value')).toHaveText('50');
  await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(queued.getByRole('row').filter({ hasText: company })).toHaveCount(1);
  expect(peopleOf(company)).toBe(2 + 50);

  await queued.getByRole('button', { name: `Vorschau für „zweite.csv“ von ${company}` }).click();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog.getByText('wird abgelehnt; niemand wird angelegt')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(queued.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  expect(peopleOf(company)).toBe(2 + 50);
});
