import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companies, count, employeeUploads, eq, users } from '@portal/db';
import { createAdminAccount, createCompany, withDb, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';

/** A list as a German spreadsheet exports it (BOM, `;`, CRLF), written to a temporary file. */
function csvFile(lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'admin-upload-')), 'mitarbeiter.csv');
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

const peopleOf = (company: string) =>
  withDb(async (db) => {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(companies.companyName, company));
    return row?.n ?? 0;
  });

test('the admin uploads a list for a policyholder, confirms, reads the counts and informs the policyholder', async ({
  page,
}) => {
  const tag = `adminupload${Date.now()}`;
  const { employer, employee } = await createCompany(tag, { legacy: false });
  const company = `Altbestand ${tag} GmbH`;
  const file = csvFile([
    'Vorname;Nachname;E-Mail',
    ...Array.from({ length: 53 }, (_, i) => `jürgen;weiß;jw.${i}.${tag}@liste.example`),
    `Bruno;Belegschaft;${employee}`,
    'Özlem;Şahin;keine-mail',
  ]);

  await signIn(page, 'admin', { email: await createAdminAccount('upload') });
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
  expect(await peopleOf(company)).toBe(2 + 53);
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
  await createCompany(tag, { legacy: false });
  const company = `Altbestand ${tag} GmbH`;
  const queue = (filename: string, size: number) =>
    writeDb(async (tx) => {
      const [owner] = await tx
        .select({ companyId: companies.id, ownerId: companies.ownerId })
        .from(companies)
        .where(eq(companies.companyName, company));
      if (!owner) throw new Error(`${company} is not in the e2e database`);
      const rows = Array.from({ length: size }, (_, i) => ({
        line: i + 2,
        firstname: 'Lena',
        lastname: 'Löwe',
        email: `${filename}.${i}.${tag}@queue.example`,
        errors: [],
      }));
      await tx.insert(employeeUploads).values({
        id: crypto.randomUUID(),
        companyId: owner.companyId,
        uploadedBy: owner.ownerId,
        filename: `${filename}.csv`,
        rows: JSON.stringify(rows),
        validCount: size,
        invalidCount: 0,
        status: 'pending',
        createdAt: new Date(),
      });
    });
  await queue('erste', 50);
  await queue('zweite', 51);

  await signIn(page, 'admin', { email: await createAdminAccount('upload') });
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
  expect(await peopleOf(company)).toBe(2 + 50);

  await queued.getByRole('button', { name: `Vorschau für „zweite.csv“ von ${company}` }).click();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog.getByText('wird abgelehnt; niemand wird angelegt')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(queued.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  expect(await peopleOf(company)).toBe(2 + 50);
});
