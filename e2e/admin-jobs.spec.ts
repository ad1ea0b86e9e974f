import type { Page } from '@playwright/test';
import { enqueueJob } from '@portal/core';
import { de, en } from '@portal/i18n';
import { createAdminAccount, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

/** The German texts of the job page that differ from the English ones: none may be left in English. */
const GERMAN = Object.entries(de.admin_jobs)
  .filter(([key, text]) => text !== en.admin_jobs[key as keyof typeof en.admin_jobs] && text.length > 3)
  .filter(([, text]) => !text.includes('{{'))
  .map(([, text]) => text);

const figure = (page: Page, label: string) =>
  page
    .locator('.figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.figure-value');

/** A tRPC answer for `admin.jobs` alone, as the reload button asks for it (one call in the batch). */
const JOBS_CALL = /\/trpc\/admin\.jobs\?/;

test('the admin reads the job queue, the latest runs and the failed jobs, in German and English', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const housekeepingKey = `e2e:housekeeping:${tag}`;
  const unknownKind = `e2e-unknown-${tag}`;
  // Work for the server's job runner, which looks for due jobs every 15 s (ADR 032): a housekeeping
  // run now, and a job of a kind no process has a handler for, with one attempt: it fails for good.
  await writeDb(async (tx) => {
    await enqueueJob(tx, { kind: 'housekeeping', key: housekeepingKey, runAt: new Date() });
    await enqueueJob(tx, { kind: unknownKind, key: `e2e:unknown:${tag}`, runAt: new Date(), maxAttempts: 1 });
  });

  await signIn(page, 'admin', { email: await createAdminAccount('jobs') });
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(figure(page, 'Wartende Jobs')).toHaveText(/^\d+$/);
  await expect(figure(page, 'Davon jetzt fällig')).toHaveText(/^\d+$/);

  // The runner takes both jobs at its next tick; "Neu laden" asks again until their runs are there.
  const runs = page.getByRole('table', { name: 'Letzte Läufe' });
  const housekeeping = runs.getByRole('row').filter({ hasText: 'Aufräumen' }).filter({ hasText: 'Erfolgreich' });
  const failedRun = runs.getByRole('row').filter({ hasText: unknownKind });
  await expect(async () => {
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      /^Stand: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/,
    );
    await expect(housekeeping.first()).toBeVisible({ timeout: 1000 });
    await expect(failedRun).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });

  // A run: its kind in words, the result as a word (the colour only repeats it), when and how long,
  // the process, and the handler's counts with labels.
  const run = housekeeping.first();
  await expect(run.getByRole('rowheader')).toHaveText('Aufräumen');
  await expect(run.locator('.job-result')).toHaveText('Erfolgreich');
  await expect(run.locator('.job-result')).toHaveClass(/job-result-succeeded/);
  await expect(run.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(run).toContainText(/\d+ ms|Sek\./);
  await expect(run).toContainText(/Abgelaufene Sitzungen: \d+/);
  await expect(run).toContainText('Protokolleinträge: ');
  await expect(run.locator('code')).toHaveText(/^.+:\d+:[0-9a-f]{8}$/);
  // A kind the page has no label for shows as it is; its run failed, with the runner's error.
  await expect(failedRun.getByRole('rowheader')).toHaveText(unknownKind);
  await expect(failedRun.locator('.job-result')).toHaveText('Fehlgeschlagen');
  await expect(failedRun).toContainText(`no handler for job kind ${unknownKind}`);

  const failed = page.getByRole('table', { name: 'Fehlgeschlagene Jobs' }).getByRole('row').filter({ hasText: tag });
  await expect(failed.getByRole('rowheader')).toHaveText(unknownKind);
  await expect(failed.getByRole('cell')).toHaveText([
    `e2e:unknown:${tag}`,
    '1',
    `no handler for job kind ${unknownKind}`,
    /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/,
  ]);
  // The schedule's next housekeeping is always queued once a runner has ticked.
  await expect(figure(page, 'Wartende Jobs')).not.toHaveText('0');
  await expectNoAxeViolations(page);

  // Nothing ran and nothing failed (an answer of its own): the page says so.
  await page.route(JOBS_CALL, (route) =>
    route.fulfill({ json: [{ result: { data: { pending: 0, due: 0, runs: [], failed: [] } } }] }),
  );
  await page.getByRole('button', { name: 'Neu laden' }).click();
  await expect(
    page.getByText('Bisher ist noch kein Job gelaufen. Sobald ein Job fällig ist, erscheint sein Lauf hier.'),
  ).toBeVisible();
  await expect(page.getByText('Kein Job ist fehlgeschlagen.')).toBeVisible();
  await expect(figure(page, 'Wartende Jobs')).toHaveText('0');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.unroute(JOBS_CALL);

  // English. Admins choose the language on the sign-in page (their navigation has no switch).
  await page.goto('/admin/login');
  await page.getByRole('radio', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/admin/policyholders');
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Latest runs', level: 2 })).toBeVisible();
  await expect(figure(page, 'Jobs waiting')).not.toHaveText('0');
  await expect(figure(page, 'Of those due now')).toHaveText(/^\d+$/);
  const englishRun = page
    .getByRole('table', { name: 'Latest runs' })
    .getByRole('row')
    .filter({ hasText: 'Housekeeping' })
    .filter({ hasText: 'Succeeded' })
    .first();
  await expect(englishRun).toContainText(/Expired sessions: \d+/);
  await expect(page.getByRole('table', { name: 'Latest runs' }).getByRole('columnheader')).toHaveText([
    'Type',
    'Result',
    'Started',
    'Duration',
    'Attempt',
    'Output or error',
    'Process',
  ]);
  await expect(page.getByRole('table', { name: 'Failed jobs' }).getByRole('row').filter({ hasText: tag })).toHaveCount(
    1,
  );
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^As of \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
  const text = await page.getByRole('main').innerText();
  expect(GERMAN.filter((german) => text.includes(german))).toEqual([]);
  await expectNoAxeViolations(page);

  // A failed load (an internal error; the client tries twice more first): the reason and a way on.
  await page.route(JOBS_CALL, (route) =>
    route.fulfill({
      json: [
        { error: { message: 'fetch failed', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } },
      ],
    }),
  );
  await page.getByRole('button', { name: 'Reload' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The jobs could not be loaded.' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.unroute(JOBS_CALL);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('table', { name: 'Latest runs' }).getByRole('row').filter({ hasText: unknownKind }),
  ).toBeVisible();
  await expect(alert).toHaveCount(0);
});
