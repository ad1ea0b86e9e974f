import type { Browser, Locator, Page } from '@playwright/test';
import { and, courseAssignments, courseProgress, eq, reminderSettings } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import { addColleague, completeCourses, createCompany, userByEmail, withDb, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

/*
 * Issue 22: the reminder ladder's settings and the previews of its mails on /course-settings, and
 * the yearly refresher on the learner's cards. Each test has a company of its own (createCompany):
 * the ladder of the shared demo company would change what other specs see. The company's employee
 * (Bruno Belegschaft, malware assigned) is the learner; a manager is added here.
 */

/**
 * The learner's malware course completed a year ago and reopened as the refresher, as the daily run
 * leaves it (ADR 033: the progress row starts over in place as cycle 2); byod is a first run, started.
 */
async function reopenAsRefresher(email: string) {
  const learner = await userByEmail(email);
  await completeCourses(learner.id, ['malware']);
  await writeDb(async (tx) => {
    const now = new Date();
    await tx
      .update(courseProgress)
      .set({ status: 'started', cycle: 2, completedAt: null, bestScore: null, startedAt: now, updatedAt: now })
      .where(and(eq(courseProgress.userId, learner.id), eq(courseProgress.courseSlug, 'malware')));
    await tx.insert(courseAssignments).values({ userId: learner.id, courseSlug: 'byod' });
    await tx.insert(courseProgress).values({
      id: crypto.randomUUID(),
      userId: learner.id,
      companyId: learner.companyId as string,
      courseSlug: 'byod',
      status: 'started',
      contentVersion: 'e2e',
      startedAt: now,
      updatedAt: now,
    });
  });
}

async function signedIn(browser: Browser, role: 'manager' | 'employee', email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, role, { email });
  return { page, close: () => context.close() };
}

/** Flips a react-aria switch from the keyboard (its input is visually hidden under its label). */
async function flip(control: Locator) {
  await control.focus();
  await control.page().keyboard.press('Space');
}

const cardOf = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });

/** Opens a mail's preview and waits for its subject. */
async function openPreview(page: Page, mail: string, subject: string): Promise<Locator> {
  await page.getByRole('button', { name: `Vorschau: ${mail}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Vorschau: ${mail}` })).toBeVisible();
  await expect(dialog.getByTestId('preview-subject')).toHaveText(subject);
  return dialog;
}

test('the employer sets the reminder ladder, previews its mails in both languages and switches names on; a manager reads it; a learner sees the refresher', async ({
  page,
  browser,
}) => {
  // Two dialogs in two languages, three sign-ins and seven axe runs.
  test.setTimeout(120_000);
  const tag = `ladder${Date.now().toString(36)}`;
  const { employer, employee } = await createCompany(tag, { legacy: false });
  const manager = `manager.${tag}@example.com`;
  await addColleague(employer, { email: manager, firstname: 'Mara', lastname: 'Manager', role: 'manager' });
  await reopenAsRefresher(employee);

  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL(/\/course-settings$/);
  const ladder = page.getByRole('form', { name: 'Erinnerungen' });
  // The server's defaults for a company that never saved.
  const before = ladder.getByRole('switch', { name: 'Lernende vor dem Fälligkeitstag erinnern' });
  const overdue = ladder.getByRole('switch', { name: 'Lernende erinnern, wenn ein Kurs überfällig ist' });
  const names = ladder.getByRole('switch', { name: 'Namen in Übersichten zeigen' });
  const gap = ladder.getByRole('textbox', { name: 'Abstand in Tagen' });
  const threshold = ladder.getByRole('textbox', { name: 'Schwelle in %' });
  const state = ladder.getByRole('combobox', { name: 'Bundesland für Feiertage' });
  await expect(before).toBeChecked();
  await expect(overdue).toBeChecked();
  await expect(ladder.getByRole('switch', { name: 'Wochenüberblick für Führungskräfte' })).toBeChecked();
  await expect(names).not.toBeChecked();
  await expect(ladder.getByRole('textbox', { name: 'Tage vorher' })).toHaveValue('7');
  await expect(gap).toHaveValue('7');
  await expect(threshold).toHaveValue('80');
  await expect(state).toHaveValue('');
  await expect(state.locator('option:checked')).toHaveText('Nur bundesweite Feiertage');
  await expect(ladder.getByText(/^Zuletzt geändert am/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Refused values: the server's translated words at each field.
  const save = ladder.getByRole('button', { name: 'Erinnerungen speichern' });
  await gap.fill('0');
  await save.click();
  await expect(ladder.getByRole('alert')).toHaveText('Bitte geben Sie 1 bis 60 Tage ein.');
  await expect(gap).toHaveAttribute('aria-invalid', 'true');
  await gap.fill('61');
  await threshold.fill('101');
  await save.click();
  await expect(ladder.getByRole('alert')).toHaveText([
    'Bitte geben Sie 1 bis 60 Tage ein.',
    'Bitte geben Sie einen Prozentwert von 1 bis 100 ein.',
  ]);
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // A rung off, a new gap, the Bundesland: saved in one call, kept after a reload.
  await flip(overdue);
  await expect(overdue).not.toBeChecked();
  await gap.fill('14');
  await threshold.fill('80');
  await state.selectOption({ label: 'Bayern' });
  await save.click();
  await expect(page.getByText('Die Erinnerungen sind gespeichert.')).toBeVisible();
  await expect(ladder.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(overdue).not.toBeChecked();
  await expect(before).toBeChecked();
  await expect(gap).toHaveValue('14');
  await expect(threshold).toHaveValue('80');
  await expect(state).toHaveValue('BY');

  // The learner's reminder in German and English; it names the saved gap.
  let dialog = await openPreview(
    page,
    'Erinnerung vor dem Fälligkeitstag',
    'Erinnerung: Ihre Schulung zur Cyber-Sicherheit',
  );
  await expect(dialog.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('pre')).toContainText('höchstens alle 14 Tage');
  // The HTML part renders in its sandboxed frame under the portal's Content-Security-Policy.
  const frame = dialog.frameLocator('iframe');
  await expect(frame.getByRole('link', { name: 'Zur Schulung' })).toBeVisible();
  // A link of the preview opens its page in a tab of its own, as from a mail program; the mail stays.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    frame.getByRole('link', { name: 'Zur Schulung' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/trainings\/social-engineering$/);
  await tab.close();
  await expect(frame.getByRole('link', { name: 'Zur Schulung' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'English' }).click();
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Reminder: your cyber security training');
  await expect(dialog.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('pre')).toContainText('at most every 14 days');
  await expect(frame.getByRole('link', { name: 'Go to the training' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  // The managers' digest: counts only while names are off.
  dialog = await openPreview(page, 'Wochenüberblick für Führungskräfte', 'Wochenüberblick: Schulungen Ihres Teams');
  await expect(dialog.locator('pre')).toContainText('Er nennt nur Zahlen, keine Namen.');
  await expect(dialog.locator('pre')).not.toContainText('Mustermann');
  await dialog.getByRole('button', { name: 'English' }).click();
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Weekly overview: your team’s training');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Names on: recorded with who and when, and the digest names the overdue.
  await flip(names);
  await expect(names).toBeChecked();
  await save.click();
  await expect(page.getByText('Die Erinnerungen sind gespeichert.').first()).toBeVisible();
  const today = formatDate(new Date());
  await expect(ladder.getByText(`Zuletzt geändert am ${today}`)).toBeVisible();
  const boss = await userByEmail(employer);
  const stored = await withDb(async (db) => {
    const [row] = await db
      .select({ by: reminderSettings.showNamesChangedBy, names: reminderSettings.showNames })
      .from(reminderSettings)
      .where(eq(reminderSettings.companyId, boss.companyId as string));
    return row;
  });
  expect(stored).toEqual({ by: boss.id, names: true });
  dialog = await openPreview(page, 'Wochenüberblick für Führungskräfte', 'Wochenüberblick: Schulungen Ihres Teams');
  await expect(dialog.locator('pre')).toContainText('Überfällig sind: Erika Mustermann');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(names).toBeChecked();
  await expect(ladder.getByText(`Zuletzt geändert am ${today}`)).toBeVisible();

  // The manager reads the ladder and may preview its mails, but changes nothing.
  const reader = await signedIn(browser, 'manager', manager);
  await expect(reader.page).toHaveURL(/\/course-settings$/);
  const readOnly = reader.page.getByRole('region', { name: 'Erinnerungen' });
  await expect(readOnly.getByText(/^Die Erinnerungen legt der Versicherungsnehmer fest\./)).toBeVisible();
  await expect(readOnly.getByRole('switch')).toHaveCount(0);
  await expect(readOnly.getByRole('textbox')).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Erinnerungen speichern' })).toHaveCount(0);
  await expect(readOnly).toContainText('Lernende erinnern, wenn ein Kurs überfällig ist: Aus');
  await expect(readOnly).toContainText('Lernende vor dem Fälligkeitstag erinnern: Ein, 7 Tage vorher');
  await expect(readOnly).toContainText('Höchstens eine E-Mail an Lernende in diesem Abstand: Alle 14 Tage');
  await expect(readOnly).toContainText('Bundesland für Feiertage: Bayern');
  await expect(readOnly).toContainText('Namen in Übersichten zeigen: Ein');
  await expect(readOnly).toContainText(`Zuletzt geändert am ${today}`);
  await expectNoAxeViolations(reader.page);
  const managerDialog = await openPreview(
    reader.page,
    'Benachrichtigung bei sinkendem Schulungsstand',
    'Schulungsstand unter 80 %',
  );
  await expectNoAxeViolations(reader.page);
  await managerDialog.getByRole('button', { name: 'English' }).click();
  await expect(managerDialog.getByTestId('preview-subject')).toHaveText('Training completion below 80 %');
  await reader.close();

  // The learner's reopened course reads "Auffrischung" in words; a first run does not.
  const learner = await signedIn(browser, 'employee', employee);
  await expect(learner.page).toHaveURL(/\/trainings$/);
  const refresher = cardOf(learner.page, 'Schadsoftware erkennen und abwehren');
  await expect(refresher.getByText('Auffrischung', { exact: true })).toBeVisible();
  await expect(refresher).toContainText('Ihr Zertifikat wird erneuert: Bitte schließen Sie den Kurs noch einmal ab.');
  await expect(cardOf(learner.page, 'Private Geräte im Job (BYOD)')).not.toContainText('Auffrischung');
  await expectNoAxeViolations(learner.page);
  await learner.close();
});

test('the reminder ladder and the refresher read in English', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const tag = `ladder-en${Date.now().toString(36)}`;
  const { employer, employee } = await createCompany(tag, { legacy: false });
  await reopenAsRefresher(employee);

  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Course settings', level: 1 })).toBeVisible();
  const ladder = page.getByRole('form', { name: 'Reminders' });
  const gap = ladder.getByRole('textbox', { name: 'Interval in days' });
  await gap.fill('61');
  await ladder.getByRole('button', { name: 'Save reminders' }).click();
  await expect(ladder.getByRole('alert')).toHaveText('Please enter 1 to 60 days.');
  await gap.fill('3');
  await flip(ladder.getByRole('switch', { name: 'Weekly summary for managers' }));
  await ladder.getByRole('combobox', { name: 'German state for public holidays' }).selectOption('HH');
  await ladder.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('The reminders have been saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The preview opens in the page's language; the switch shows the German mail.
  await page.getByRole('button', { name: 'Preview: Reminder for an overdue course' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Overdue: your cyber security training');
  await expect(dialog.locator('pre')).toContainText('at most every 3 days');
  await dialog.getByRole('button', { name: 'Deutsch' }).click();
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Überfällig: Ihre Schulung zur Cyber-Sicherheit');
  await expect(dialog.locator('pre')).toContainText('höchstens alle 3 Tage');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.reload();
  await expect(ladder.getByRole('switch', { name: 'Weekly summary for managers' })).not.toBeChecked();
  await expect(gap).toHaveValue('3');
  await expect(ladder.getByRole('combobox', { name: 'German state for public holidays' })).toHaveValue('HH');

  const learner = await signedIn(browser, 'employee', employee);
  await expect(learner.page).toHaveURL(/\/trainings$/);
  await learner.page.getByRole('radio', { name: 'English' }).click();
  const refresher = cardOf(learner.page, 'Recognising and stopping malware');
  await expect(refresher.getByText('Refresher', { exact: true })).toBeVisible();
  await expect(refresher).toContainText('Your certificate is being renewed: please complete the course once more.');
  await expectNoAxeViolations(learner.page);
  await learner.close();
});

test('settings that cannot be loaded show the route’s error with a retry, not a page without its forms', async ({
  page,
  consoleErrors,
}) => {
  const t = createTranslator('de');
  const { employer } = await createCompany(`ladderfail${Date.now().toString(36)}`, { legacy: false });
  // The settings call fails; the course overview (preloaded by the route) still answers.
  const settingsCall = /\/trpc\/[^?]*reminders\.settings/;
  await page.route(settingsCall, (route) => route.abort());
  await signIn(page, 'employer', { email: employer });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('route_error.load_failed'), { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: t('nav.main') })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.unroute(settingsCall);
  await page.getByRole('button', { name: t('route_error.retry') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.course_settings'));
  await expect(page.getByRole('form', { name: 'Erinnerungen' })).toBeVisible();
  // The browser logs each request the test aborted on purpose.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !/net::ERR_FAILED/.test(text)));
});
