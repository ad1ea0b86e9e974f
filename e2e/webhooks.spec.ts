import { eq, jobs, webhookEndpoints } from '@portal/db';
import { berlinDay, formatDay } from '@portal/validators';
import { createAdminAccount, withDb, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

/**
 * ADR 035: the insurer's webhook receivers. An admin adds one on /admin/webhooks (an internal
 * address is refused), sees its signing secret once, and removes it; the row stays with its
 * delivery log. On both databases.
 */

const SECRET = /^whsec_[a-z2-7]{52}$/;

test('an admin adds a webhook receiver, sees its secret once, and removes it; its log stays', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const name = `Bestandssystem E2E ${tag}`;
  const url = `https://versicherer.example/portal-events/${tag}`;
  const today = formatDay(berlinDay(new Date()));

  await signIn(page, 'admin', { email: await createAdminAccount(`webhooks-${tag}`) });
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks des Versicherers' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An address in an internal network is refused by the server, at its field; nothing is added.
  const form = page.getByRole('form', { name: 'Empfänger eintragen' });
  const submit = form.getByRole('button', { name: 'Empfänger eintragen' });
  await form.getByLabel('Bezeichnung').fill(name);
  await form.getByLabel('HTTPS-Adresse').fill('https://10.0.0.1/hook');
  await submit.click();
  await expect(
    form.getByText('Diese Adresse ist nicht öffentlich erreichbar (internes Netz oder localhost).'),
  ).toBeVisible();
  await expect(form.getByLabel('HTTPS-Adresse')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // A public address: the signing secret, once.
  await form.getByLabel('HTTPS-Adresse').fill(url);
  await expect(form.getByText('nicht öffentlich erreichbar', { exact: false })).toHaveCount(0);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Signaturschlüssel des Empfängers' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Signaturschlüssel', { exact: true });
  const secret = await field.inputValue();
  expect(secret).toMatch(SECRET);
  await expect(field).toHaveAttribute('readonly', '');
  // The form is empty again for the next receiver.
  await expect(form.getByLabel('Bezeichnung')).toHaveValue('');
  await expect(form.getByLabel('HTTPS-Adresse')).toHaveValue('');
  await expectNoAxeViolations(page);

  // Neither Escape nor a click beside it closes the dialog by mistake; "Fertig" does.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(dialog).toHaveCount(0);
  // The secret is gone from the page: not in its text, its fields or its markup.
  const pageHoldsSecret = () =>
    page.evaluate(
      (value) =>
        document.body.innerHTML.includes(value) ||
        Array.from(document.querySelectorAll('input, textarea')).some(
          (input) => (input as HTMLInputElement).value === value,
        ),
      secret,
    );
  expect(await pageHoldsSecret()).toBe(false);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(name);
  // No delivery yet; unless another spec of the run issued a proof of insurance in this very
  // moment, which gives the new receiver its first (pending) delivery.
  await expect(row.getByRole('cell')).toHaveText([url, today, /^(noch keine|ausstehend)/, 'aktiv', 'Entfernen']);

  // Removed after the question; the row stays, marked removed, without its button.
  await row.getByRole('button', { name: `Entfernen: ${name}` }).click();
  const question = page.getByRole('dialog', { name: 'Empfänger entfernen?' });
  await expect(question).toContainText(`„${name}“ erhält ab sofort keine Nachrichten mehr.`);
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByText('Der Empfänger wurde entfernt.')).toBeVisible();
  await expect(question).toHaveCount(0);
  // The remove button that had the focus is gone: the focus waits at the list.
  await expect(page.getByRole('heading', { level: 2, name: 'Alle Empfänger' })).toBeFocused();
  await expect(row.getByRole('cell').nth(3)).toHaveText(`entfernt am ${today}`);
  await expect(row.getByRole('button', { name: /^Entfernen/ })).toHaveCount(0);

  // Its delivery log stays: two earlier deliveries, as the job queue recorded them (ADR 032).
  const [endpoint] = await withDb((db) =>
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.name, name)),
  );
  if (!endpoint) throw new Error(`${name} is not in the database`);
  const finishedAt = new Date();
  await writeDb(async (tx) => {
    await tx.insert(jobs).values([
      {
        id: crypto.randomUUID(),
        kind: 'webhook',
        key: `webhook:${crypto.randomUUID()}:${endpoint.id}`,
        status: 'done',
        runAt: new Date(finishedAt.getTime() - 60_000),
        attempts: 1,
        finishedAt: new Date(finishedAt.getTime() - 60_000),
        createdAt: new Date(finishedAt.getTime() - 120_000),
      },
      {
        id: crypto.randomUUID(),
        kind: 'webhook',
        key: `webhook:${crypto.randomUUID()}:${endpoint.id}`,
        status: 'failed',
        runAt: finishedAt,
        attempts: 8,
        lastError: `the receiver answered 503 ${tag}`,
        finishedAt,
        createdAt: new Date(finishedAt.getTime() - 60_000),
      },
    ]);
  });
  await page.reload();
  const log = row.getByRole('listitem');
  await expect(log).toHaveCount(2);
  // Newest first; the failed one with its last error.
  await expect(log.nth(0)).toContainText(`fehlgeschlagen ${today}`);
  await expect(log.nth(0)).toContainText(`the receiver answered 503 ${tag}`);
  await expect(log.nth(1)).toContainText(`zugestellt ${today}`);
  await expect(row.getByRole('cell').nth(3)).toHaveText(`entfernt am ${today}`);
  await expectNoAxeViolations(page);
  expect(await pageHoldsSecret()).toBe(false);
});
