import { createCompany } from './support/db.ts';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, fillSignIn, test } from './support/fixtures.ts';

test('a pre-cut-off policyholder and their staff are blocked until the policyholder accepts the AVV', async ({
  page,
  browser,
}) => {
  const { employer, employee } = await createCompany(`legacy${Date.now()}`, { legacy: true });

  // The employee first: blocked while the supervisor has not accepted.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/login');
  await fillSignIn(staff, employee, DEMO_PASSWORD);
  await expect(staff).toHaveURL(/\/trainings$/);
  const staffOverlay = staff.getByRole('alert').filter({ hasText: 'Aktionen sind gesperrt' });
  await expect(staffOverlay).toContainText(
    'Ihr Arbeitgeber hat den Auftragsverarbeitungsvertrag noch nicht akzeptiert',
  );
  await expect(
    staff.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Meine Schulungen' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(staff);

  // The policyholder: banner, blocked actions, the contract opens by itself and cannot be closed.
  await page.goto('/login');
  await fillSignIn(page, employer, DEMO_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Auftragsverarbeitungsvertrag · Version 5\.40/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Dialog schließen' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Abbrechen und abmelden' })).toBeVisible();
  await expect(dialog.getByRole('document', { name: 'Auftragsverarbeitungsvertrag' })).toContainText(
    'Unterauftragsverhältnisse',
  );
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Jetzt herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Auftragsverarbeitungsvertrag-5.40.pdf');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByText('Ich akzeptiere den Auftragsverarbeitungsvertrag.').click();
  await expect(page.getByText('Vielen Dank. Der Auftragsverarbeitungsvertrag ist akzeptiert.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Hinweise' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Aktionen sind gesperrt' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kurseinstellungen', level: 1 })).toBeVisible();

  // Reopened from the menu, the contract shows the acceptance date and can be closed.
  await page.getByRole('button', { name: 'AVV' }).click();
  await expect(dialog.getByText(/^Akzeptiert am \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(
    dialog.getByRole('checkbox', { name: 'Ich akzeptiere den Auftragsverarbeitungsvertrag.' }),
  ).toBeDisabled();
  await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The staff are unblocked too.
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Schadsoftware erkennen und abwehren' })).toBeVisible();
  await expect(staff.getByRole('alert').filter({ hasText: 'Aktionen sind gesperrt' })).toHaveCount(0);
  await staffContext.close();
});

test('cancel in the contract modal signs the policyholder out', async ({ page }) => {
  const { employer } = await createCompany(`cancel${Date.now()}`, { legacy: true });
  await page.goto('/login');
  await fillSignIn(page, employer, DEMO_PASSWORD);
  await expect(page.getByRole('region', { name: 'Hinweise' })).toContainText('Bitte akzeptieren Sie den neuen');
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen und abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the public contract page shows the AVV with a sign-in link', async ({ page }) => {
  await page.goto('/order-data-processing');
  await expect(page.getByRole('heading', { level: 2, name: /13\. Bestätigungen/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the legal pages have no axe violations in English', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('radio', { name: 'English' }).first().click();
  // The choice is stored once the English texts are in; a reload before that would be German.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const [path, heading] of [
    ['/order-data-processing', /13\. Confirmations/],
    ['/data-protection-notes', /./],
    ['/datenschutzhinweise', /./],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectNoAxeViolations(page);
  }
});
