import { createCompany } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

test('the dashboard shows the figures and both charts, with their data as tables', async ({ page }) => {
  await signIn(page, 'employer');
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const label of [
    'Personen mit zugewiesenen Kursen',
    'Mindestens eine Schulung begonnen',
    'Alle zugewiesenen Schulungen abgeschlossen',
    'Durchschnittliche Bearbeitungszeit',
    'Mussten ein Quiz wiederholen',
    'Mussten eine Schulung wiederholen',
    'Durchschnittliches Quiz-Ergebnis (inkl. Wiederholungen)',
    'Aufmerksamkeit während der Schulung',
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  // The demo company: employee3 completed "Die 5 goldenen Regeln" with 100 %.
  const perCourse = page.getByRole('figure', { name: 'Abschluss pro Kurs' });
  await expect(perCourse.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await perCourse.getByText('Daten als Tabelle').click();
  const rules = perCourse
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Die 5 goldenen Regeln der IT-Sicherheit' }) });
  await expect(rules.getByRole('cell').nth(3)).not.toHaveText('0');
  await expect(
    page.getByRole('figure', { name: 'Abgeschlossene Schulungen im Zeitverlauf' }).locator('.recharts-line'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the dashboard reads in English after the switch', async ({ page }) => {
  // Its own company: the switch is saved to the account, and the other worker's specs sign in as
  // the demo employer expecting German pages (a shared account switched here once failed them).
  const { employer } = await createCompany(`dash${Date.now()}`, { legacy: false });
  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Mussten ein Quiz wiederholen', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Completed all assigned courses', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
