import type { APIRequestContext } from '@playwright/test';
import { addDays, berlinDay, formatDay } from '@portal/validators';
import { createAdminAccount } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

/**
 * Issue 23.2 (ADR 035): the insurer's API keys. An admin creates a key on /admin/api-keys, sees
 * its token once, the insurer's system calls the portfolio with it; the admin revokes it and the
 * next call is refused. On both databases.
 */

const TOKEN = /^pk_[0-9a-f-]{36}_[a-z2-7]{52}$/;

/** The insurer's system: one call of the portfolio with the key, as a plain HTTP client. */
const callPortfolio = (request: APIRequestContext, token: string) =>
  request.get('/api/insurer/policies?limit=1', { headers: { Authorization: `Bearer ${token}` } });

test('an admin creates an API key, sees its token once, and revokes it; the insurer API follows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const name = `Bestandssystem E2E ${tag}`;
  const today = berlinDay(new Date());
  const lastDay = addDays(today, 10);

  await signIn(page, 'admin', { email: await createAdminAccount(`api-keys-${tag}`) });
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'API-Schlüssel' }).click();
  await expect(page).toHaveURL(/\/admin\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-Schlüssel des Versicherers' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');
  await expectNoAxeViolations(page);

  // A day that is no calendar day is caught in the browser; a day in the past by the server.
  const form = page.getByRole('form', { name: 'API-Schlüssel anlegen' });
  const expiry = form.getByLabel('Gültig bis einschließlich (optional)');
  await form.getByLabel('Bezeichnung').fill(name);
  await expiry.fill('31.02.2030');
  await form.getByRole('button', { name: 'Schlüssel anlegen' }).click();
  await expect(form.getByText('Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).')).toBeVisible();
  await expiry.fill(formatDay(addDays(today, -1)));
  await form.getByRole('button', { name: 'Schlüssel anlegen' }).click();
  await expect(form.getByText('Das Ablaufdatum muss in der Zukunft liegen.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expiry.fill(formatDay(lastDay));
  await form.getByRole('button', { name: 'Schlüssel anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Schlüssel', { exact: true });
  const token = await field.inputValue();
  expect(token).toMatch(TOKEN);
  await expect(field).toHaveAttribute('readonly', '');
  // The form is empty again for the next key.
  await expect(form.getByLabel('Bezeichnung')).toHaveValue('');
  await expectNoAxeViolations(page);

  // Copy puts the token on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Kopieren' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Kopiert.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // The insurer's system reads the portfolio with it.
  const allowed = await callPortfolio(request, token);
  expect(allowed.status()).toBe(200);
  expect(await allowed.json()).toMatchObject({ items: expect.any(Array) });

  // Neither Escape nor a click beside it closes the dialog by mistake; "Fertig" does.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(dialog).toHaveCount(0);
  // The token is gone from the page: not in its text, its fields or its markup.
  const pageHoldsToken = () =>
    page.evaluate(
      (secret) =>
        document.body.innerHTML.includes(secret) ||
        Array.from(document.querySelectorAll('input, textarea')).some(
          (input) => (input as HTMLInputElement).value === secret,
        ),
      token,
    );
  expect(await pageHoldsToken()).toBe(false);
  await expect(page.getByText(token)).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText(`pk_${token.slice(3, 11)}…`);
  await expect(row).toContainText(`von Test Admin api-keys-${tag}`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('aktiv');
  await expect(row.getByRole('cell').nth(2)).toHaveText(formatDay(today));
  await expect(row.getByRole('cell').nth(3)).toHaveText(formatDay(lastDay));

  // Revoked after the question; the insurer's next call is refused.
  await row.getByRole('button', { name: `Widerrufen: ${name}` }).click();
  const question = page.getByRole('dialog', { name: 'API-Schlüssel widerrufen?' });
  await expect(question).toContainText(`Systeme, die „${name}“ benutzen`);
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(page.getByText('Der API-Schlüssel wurde widerrufen.')).toBeVisible();
  await expect(question).toHaveCount(0);
  // The revoke button that had the focus is gone: the focus waits at the list.
  await expect(page.getByRole('heading', { level: 2, name: 'Alle API-Schlüssel' })).toBeFocused();
  await expect(row.getByRole('cell').nth(1)).toHaveText(`widerrufen am ${formatDay(today)}`);
  // The list read anew: the call above is the key's last use.
  await expect(row.getByRole('cell').nth(4)).toHaveText(formatDay(today));
  await expect(row.getByRole('button', { name: /^Widerrufen/ })).toHaveCount(0);
  expect(await pageHoldsToken()).toBe(false);

  const refused = await callPortfolio(request, token);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ messageKey: 'api_key.revoked' });
});
