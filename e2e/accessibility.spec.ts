import { inviteEmployee } from './support/db.ts';
import { expectNoAxeViolations, signIn, type TDemoRole, test } from './support/fixtures.ts';

const PUBLIC_PAGES = [
  '/login',
  '/admin/login',
  '/register',
  '/reset-password',
  '/admin/reset-password',
  '/recovery-password/abc',
  '/admin/recovery-password/abc',
  '/order-data-processing',
  '/datenschutzhinweise',
  '/data-protection-notes',
  '/no-such-page',
];

test('public pages have no axe violations', async ({ page }) => {
  for (const path of [...PUBLIC_PAGES, inviteEmployee(`axe.${Date.now()}@example.com`)]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page);
  }
});

const SIGNED_IN_PAGES: Record<TDemoRole, string[]> = {
  admin: ['/admin/policyholders', '/admin/statistics', '/admin/admins', '/admin/upload'],
  employer: ['/users', '/course-settings', '/dashboard', '/proofOfInsurance', '/account-settings', '/impressum'],
  manager: ['/users'],
  employee: ['/trainings', '/personalCertificate', '/account-settings'],
};

for (const role of Object.keys(SIGNED_IN_PAGES) as TDemoRole[]) {
  test(`pages of the ${role} have no axe violations`, async ({ page }) => {
    // Several pages with a full axe run each: more than one default test budget on a busy CI machine.
    test.setTimeout(30_000 + SIGNED_IN_PAGES[role].length * 15_000);
    await signIn(page, role);
    await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/admin/login');
    for (const path of SIGNED_IN_PAGES[role]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
  });
}

test('the registration page with errors shown has no axe violations', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('E-Mail').fill('not-an-email');
  await page.getByLabel('Vorname').click();
  await page.getByLabel('Passwort', { exact: true }).fill('kurz');
  await page.getByLabel('Nachname').click();
  await expectNoAxeViolations(page);
});
