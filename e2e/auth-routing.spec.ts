import { eq, users } from '@portal/db';
import { userByEmail, writeDb } from './support/db.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  fillSignIn,
  passTotp,
  signIn,
  type TDemoRole,
  test,
} from './support/fixtures.ts';

const LANDING: Record<TDemoRole, string> = {
  admin: '/admin/policyholders',
  insurer: '/insurer',
  employer: '/course-settings',
  manager: '/course-settings',
  employee: '/trainings',
};

test.describe('sign-in lands each role where spec §2 says', () => {
  for (const role of Object.keys(DEMO) as TDemoRole[]) {
    test(`${role} → ${LANDING[role]}`, async ({ page }) => {
      await signIn(page, role);
      await expect(page).toHaveURL(LANDING[role]);
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('session_data') ?? 'null'));
      expect(stored).toMatchObject({ role, ttl: role === 'admin' || role === 'insurer' ? 1800 : 3600 });
      // The spec's session shape without the secret: the token lives only in an HttpOnly cookie.
      expect(Object.keys(stored).sort()).toEqual(['created', 'role', 'ttl', 'userId']);
      expect(await page.evaluate(() => document.cookie)).not.toContain('session');
    });
  }
});

test('an unauthenticated visit of /users goes to /login?next=/users and back after sign-in', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL('/login?next=%2Fusers');
  await page.getByLabel('E-Mail').fill(DEMO.employer);
  await page
    .getByLabel('Passwort')
    .first()
    .fill((await import('./support/fixtures.ts')).DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mitarbeiterliste');
});

test('an admin route sends strangers to /admin/login with next', async ({ page }) => {
  await page.goto('/admin/statistics');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fstatistics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung für Admins und Versicherer');
});

test('an employee opening /users lands on / and from there on /trainings', async ({ page }) => {
  await signIn(page, 'employee');
  await expect(page).toHaveURL('/trainings');
  await page.goto('/users');
  await expect(page).toHaveURL('/trainings');
  await page.goto('/admin/policyholders');
  await expect(page).toHaveURL('/trainings');
});

test('menus by role follow spec §2', async ({ page }) => {
  await signIn(page, 'admin');
  const adminNav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(page.getByText('E-LEARNING PORTAL')).toBeVisible();
  for (const label of ['Kunden', 'Upload', 'Admins', 'Statistiken', 'Abmelden']) {
    await expect(adminNav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(adminNav.getByRole('link', { name: 'Meine Schulungen' })).toHaveCount(0);
  await expect(adminNav.getByRole('link', { name: 'Kontoeinstellungen' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Sprache' })).toHaveCount(0);

  await page.goto('/logout');
  await expect(page).toHaveURL('/admin/login');

  await signIn(page, 'employee');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const label of ['Meine Schulungen', 'Persönliches Zertifikat', 'Kontoeinstellungen', 'Abmelden']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Mitarbeiter' })).toHaveCount(0);
});

test('logout ends the session and goes to /login', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL('/course-settings');
  await page.getByRole('link', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Sie wurden abgemeldet.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('session_data'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
});

test('wrong credentials show the login.failed toast and keep the person on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(DEMO.employee);
  await page.getByLabel('Passwort').first().fill('definitely-not-it');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Zugangsdaten falsch');
  await expect(page).toHaveURL('/login');
});

test('any other path shows the 404 page without navigation', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 – Page Not Found');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
});

test('the mobile menu opens with the button and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'employer');
  const menuButton = page.getByRole('button', { name: 'Menü öffnen' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await menuButton.click();
  await expect(page.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
});

test('the help video opens by itself until seen, plays at the spec speeds, and closing records sawVideo', async ({
  page,
}) => {
  const sawVideo = async () => (await userByEmail(DEMO.manager)).sawVideo;
  await writeDb((tx) => tx.update(users).set({ sawVideo: false }).where(eq(users.email, DEMO.manager)));
  await signIn(page, 'manager');
  const dialog = page.getByRole('dialog', { name: 'Erste Schritte' });
  await expect(dialog).toBeVisible();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('height', '360');
  await expect(video.locator('source')).toHaveAttribute('src', '/media/first-steps.mp4');
  expect(await video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false);
  for (const speed of ['0,7×', '1×', '1,5×', '2×'])
    await expect(dialog.getByRole('radio', { name: speed })).toHaveCount(1);
  await dialog.getByText('1,5×').click();
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(sawVideo).toBe(true);
  // Seen once: it no longer opens by itself.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Hilfe' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Hilfe' }).click();
  await page.mouse.click(5, 700); // outside the dialog
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Hilfe' })).toBeFocused();
});

test('admin sign-in: a wrong authenticator code is refused, the TOTP step has no axe violations', async ({ page }) => {
  await page.goto('/admin/login');
  await fillSignIn(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Zwei-Faktor-Anmeldung/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Code aus der Authenticator-App').fill('000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Der Code ist falsch oder abgelaufen.');
  await expect(page).toHaveURL('/admin/login');
  await passTotp(page, DEMO.admin);
  await expect(page).toHaveURL('/admin/policyholders');
});
