import { readFile } from 'node:fs/promises';
import { createAdminAccount } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

test('the admin reads the statistics, changes the period and exports them as CSV', async ({ page }) => {
  await signIn(page, 'admin', { email: await createAdminAccount('stats') });
  await page.getByRole('link', { name: 'Statistiken' }).click();
  await expect(page).toHaveURL(/\/admin\/statistics$/);
  await expect(page.getByRole('heading', { name: 'Statistiken', level: 1 })).toBeVisible();
  for (const label of [
    'Neu registrierte Unternehmen',
    'Aktive Unternehmen',
    'Begonnene Schulungen',
    'Abgeschlossene Schulungen',
    'Ausgestellte Zertifikate',
    'Unternehmen gesamt',
    'Personen in Unternehmen',
    'AVV akzeptiert',
  ]) {
    await expect(page.locator('.figure-label').getByText(label, { exact: true })).toBeVisible();
  }
  // The demo company registered at the start of this run, so the default period holds it.
  const figure = (label: string) =>
    page
      .locator('.figure')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.figure-value');
  await expect(figure('Unternehmen gesamt')).not.toHaveText('0');
  await expect(figure('Neu registrierte Unternehmen')).not.toHaveText('0');

  await expect(page.getByRole('form', { name: 'Zeitraum' }).getByLabel('Bis', { exact: true })).toHaveValue(
    /^\d{2}\.\d{2}\.\d{4}$/,
  );

  // The default period is the last 12 months, one bar group per month, the data also as a table.
  const overTime = page.getByRole('figure', { name: 'Schulungen im Verlauf' });
  await expect(overTime.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await overTime.getByText('Daten als Tabelle').click();
  await expect(overTime.getByRole('row')).toHaveCount(13);
  await expect(
    page.getByRole('figure', { name: 'Abschluss pro Kurs' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  const courses = page.getByRole('region', { name: 'Kurse im Überblick' });
  await expect(courses.getByRole('row')).toHaveCount(13);
  await expectNoAxeViolations(page);

  // A quick choice: the last 30 days, per week.
  await page.getByRole('button', { name: 'Letzte 30 Tage' }).click();
  await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText('Pro Woche (Montag bis Sonntag).').first()).toBeVisible();

  // A period the server would refuse is explained before anything is sent.
  const form = page.getByRole('form', { name: 'Zeitraum' });
  await form.getByLabel('Von', { exact: true }).fill('02.05.2026');
  await form.getByLabel('Bis', { exact: true }).fill('1.5.2026');
  await form.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Das Startdatum darf nicht nach dem Enddatum liegen.');
  await form.getByLabel('Bis', { exact: true }).fill('31.02.2026');
  await form.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(form.getByLabel('Bis', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Bitte geben Sie ein gültiges Datum ein.')).toBeVisible();

  // A period of its own, before the portal existed: figures of zero and the empty notice.
  await form.getByLabel('Von', { exact: true }).fill('01.01.2025');
  await form.getByLabel('Bis', { exact: true }).fill('31.03.2025');
  await form.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/\?from=2025-01-01&to=2025-03-31$/);
  await expect(page.getByText('Zeitraum: 01.01.2025 bis 31.03.2025')).toBeVisible();
  await expect(figure('Neu registrierte Unternehmen')).toHaveText('0');
  await expect(page.getByText('Im gewählten Zeitraum ist nichts geschehen.')).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statistik_2025-01-01_2025-03-31.csv');
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Statistik;01.01.2025;31.03.2025');
  expect(lines).toContain('Kennzahl;Wert');
  expect(lines).toContain('Neu registrierte Unternehmen;0');
  expect(lines).toContain('Von;Bis;Registrierungen;Begonnen;Abgeschlossen;Zertifikate');
  expect(lines).toContain('01.01.2025;05.01.2025;0;0;0;0');
});
