import type { Page } from '@playwright/test';
import { de, en } from '@portal/i18n';
import { createCompany, inviteEmployee } from './support/db.ts';
import { expect, signIn, test } from './support/fixtures.ts';

/** Every German text of the dictionaries that differs from its English version. */
function germanOnlyStrings(): string[] {
  const out: string[] = [];
  const walk = (left: unknown, right: unknown) => {
    if (typeof left === 'string') {
      // Short words like "Upload" or "Admins" are the same in both languages.
      if (left !== right && left.length > 3 && !left.includes('{{')) out.push(left);
      return;
    }
    for (const key of Object.keys(left as object)) {
      walk((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]);
    }
  };
  walk(de, en);
  return out;
}
const GERMAN = germanOnlyStrings();

async function expectNoGermanLeft(page: Page) {
  await page.waitForLoadState('networkidle');
  // innerText, not textContent: only what a person sees counts here. Legal documents are content
  // in their own language (the English contract names the German "Impressum"), not UI strings.
  const text = await page.evaluate(() => {
    let all = document.body.innerText;
    for (const legal of Array.from(document.querySelectorAll<HTMLElement>('.legal-text'))) {
      all = all.replace(legal.innerText, '');
    }
    return all;
  });
  // Whole words only: "Profil" inside "Profile" is English.
  const leftovers = GERMAN.filter((german) => {
    const escaped = german.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
  });
  expect(leftovers, `German strings on ${page.url()}`).toEqual([]);
}

/** Every dotted key of the dictionaries, e.g. `login.title`. */
function messageKeys(node: unknown, prefix = ''): string[] {
  return Object.entries(node as object).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : messageKeys(value, `${prefix}${key}.`),
  );
}
const KEYS = messageKeys(de);

/** The dictionaries load in parts (ADR 020): a page must never show a key instead of its text. */
async function expectNoRawKeys(page: Page) {
  await page.waitForLoadState('networkidle');
  const text = await page.evaluate(() => document.body.innerText);
  expect(
    KEYS.filter((key) => text.includes(key)),
    `message keys on ${page.url()}`,
  ).toEqual([]);
}

async function switchToEnglish(page: Page) {
  await page.getByRole('radio', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

const PUBLIC_PAGES = [
  '/login',
  '/admin/login',
  '/register',
  '/reset-password',
  '/admin/reset-password',
  '/recovery-password/abc',
  '/admin/recovery-password/abc',
  '/confirm-email/abc',
  '/confirm-contact/abc',
  '/order-data-processing',
  '/datenschutzhinweise',
  '/no-such-page',
];

test('switching to English on the auth pages changes every visible string', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  for (const path of [...PUBLIC_PAGES, await inviteEmployee(`lang.${Date.now()}@example.com`)]) {
    await page.goto(path);
    await expectNoGermanLeft(page);
    await expectNoRawKeys(page);
  }
});

test('a signed-in person’s language choice is saved to their account', async ({ page, browser }) => {
  const { employer } = await createCompany(`lang${Date.now()}`, { legacy: false });
  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL('/course-settings');
  await expectNoRawKeys(page);
  await switchToEnglish(page);
  await expectNoRawKeys(page);
  await expect(page.getByRole('link', { name: 'Course settings' })).toBeVisible();
  for (const path of [
    '/course-settings',
    '/users',
    '/dashboard',
    '/proofOfInsurance',
    '/trainings',
    '/personalCertificate',
    '/account-settings',
    '/impressum',
  ]) {
    await page.goto(path);
    await expectNoGermanLeft(page);
    await expectNoRawKeys(page);
  }

  // A new browser (no local storage) gets English from the account after sign-in.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await signIn(other, 'employer', { email: employer });
  await expect(other.getByRole('link', { name: 'Course settings' })).toBeVisible();
  await fresh.close();
});
