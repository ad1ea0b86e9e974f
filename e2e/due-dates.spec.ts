import type { Browser, Page } from '@playwright/test';
import { courseAssignments, eq, users } from '@portal/db';
import { addDays, berlinDay, formatDay } from '@portal/validators';
import { addColleague, createCompany, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts';

/*
 * Issue 22: due dates and absences. Each test has a company of its own (createCompany): a due date
 * or a general deadline on the shared demo company would change what other specs' learners and
 * dashboards show. The company's employee (Bruno Belegschaft, malware assigned) is the learner;
 * two colleagues are added here, one of them to be marked absent.
 */

const today = () => berlinDay(new Date());

/** Another person of the employer's company with these courses, a personal due date per course. */
async function addColleagueWith(
  employer: string,
  person: { email: string; firstname: string; lastname: string },
  courses: Record<string, string | null>,
) {
  const userId = await addColleague(employer, person);
  await writeDb((tx) =>
    tx
      .insert(courseAssignments)
      .values(Object.entries(courses).map(([courseSlug, dueOn]) => ({ userId, courseSlug, dueOn }))),
  );
}

/**
 * More courses for a person, each with the person's own due date (the states the UI cannot set:
 * overdue). Each is assigned 30 days before its date, as in life: a date before the assignment day
 * belongs to an earlier round and is skipped (ADR 033).
 */
async function assignWithDue(email: string, courses: Record<string, string>) {
  await writeDb(async (tx) => {
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!person) throw new Error(`${email} is not in the e2e database`);
    for (const [courseSlug, dueOn] of Object.entries(courses)) {
      const assignedAt = new Date(Math.min(Date.now(), Date.parse(`${addDays(dueOn, -30)}T12:00:00Z`)));
      await tx.insert(courseAssignments).values({ userId: person.id, courseSlug, dueOn, assignedAt });
    }
  });
}

async function learnerPage(browser: Browser, email: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'employee', { email });
  await expect(page).toHaveURL(/\/trainings$/);
  return { page, close: () => context.close() };
}

const cardOf = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });

const figureOf = (page: Page, label: string) =>
  page.locator('.figure').filter({ has: page.getByText(label, { exact: true }) });

test('an employer sets due dates and the general deadline, marks a person absent; learners and the dashboard show them', async ({
  page,
  browser,
}) => {
  // Three pages, two dialogs, a second sign-in and nine axe runs.
  test.setTimeout(90_000);
  const tag = `due${Date.now().toString(36)}`;
  const { employer, employee } = await createCompany(tag, { legacy: false });
  await addColleagueWith(
    employer,
    { email: `absent.${tag}@example.com`, firstname: 'Anna', lastname: 'Abwesend' },
    {
      malware: null,
    },
  );
  await addColleagueWith(
    employer,
    { email: `soon.${tag}@example.com`, firstname: 'Carla', lastname: 'Bald' },
    {
      byod: addDays(today(), 3),
    },
  );
  // Bruno also has one course overdue and one due soon, so his card list shows every state.
  await assignWithDue(employee, { byod: addDays(today(), -2), 'email-security': addDays(today(), 2) });

  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL(/\/course-settings$/);
  const malwareRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Schadsoftware erkennen und abwehren' }) });
  await expect(malwareRow.getByRole('cell', { name: 'Ohne Frist' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A course's date: yesterday is refused in the dialog, a day in two months is saved.
  await page.getByRole('button', { name: 'Frist für „Schadsoftware erkennen und abwehren“ festlegen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Schadsoftware erkennen und abwehren/ })).toBeVisible();
  const dueField = dialog.getByRole('textbox', { name: 'Fällig bis' });
  await dueField.fill(formatDay(addDays(today(), -1)));
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Das Fälligkeitsdatum liegt in der Vergangenheit. Bitte wählen Sie heute oder einen späteren Tag.',
  );
  await expect(dueField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await dueField.fill('31.02.2027');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).');
  const courseDue = addDays(today(), 60);
  await dueField.fill(formatDay(courseDue));
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Frist ist gespeichert.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(malwareRow.getByRole('cell', { name: formatDay(courseDue) })).toBeVisible();

  // The general deadline: 0 and 400 are refused (the server's rule, checked in the form too), 30 is saved.
  const general = page.getByRole('form', { name: 'Allgemeine Frist' });
  const days = general.getByRole('textbox', { name: 'Tage nach der Zuweisung' });
  for (const wrong of ['0', '400']) {
    await days.fill(wrong);
    await general.getByRole('button', { name: 'Speichern' }).click();
    await expect(general.getByRole('alert')).toHaveText('Bitte geben Sie eine Zahl von 1 bis 365 ein.');
  }
  await days.fill('30');
  await general.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die allgemeine Frist ist gespeichert.')).toBeVisible();
  await expect(general.getByRole('alert')).toHaveCount(0);
  const byodRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Private Geräte im Job (BYOD)' }) });
  await expect(byodRow.getByRole('cell', { name: '30 Tage nach Zuweisung' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An absence: an end in the past is refused, two weeks from today are recorded.
  await page.getByRole('link', { name: 'Mitarbeiter' }).click();
  await expect(page.getByRole('heading', { name: 'Mitarbeiter', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Aktionen für Anna Abwesend' }).click();
  await page.getByRole('menuitem', { name: 'Abwesenheit' }).click();
  const absence = page.getByRole('dialog');
  await expect(absence.getByRole('heading', { name: 'Abwesenheit von Anna Abwesend' })).toBeVisible();
  await expect(absence.getByRole('textbox', { name: 'Abwesend ab' })).toHaveValue(formatDay(today()));
  const until = absence.getByRole('textbox', { name: 'Abwesend bis einschließlich' });
  await until.fill(formatDay(addDays(today(), -1)));
  await absence.getByRole('button', { name: 'Abwesenheit eintragen' }).click();
  await expect(absence.getByRole('alert')).toHaveText(
    'Das Ende der Abwesenheit liegt in der Vergangenheit. Bitte wählen Sie heute oder einen späteren Tag.',
  );
  await expectNoAxeViolations(page);
  const absentUntil = addDays(today(), 14);
  await until.fill(formatDay(absentUntil));
  await absence.getByRole('button', { name: 'Abwesenheit eintragen' }).click();
  await expect(page.getByText('Die Abwesenheit ist eingetragen.')).toBeVisible();
  await expect(absence).toBeHidden();
  const annaRow = page.getByRole('row').filter({ hasText: `absent.${tag}@example.com` });
  await expect(annaRow.getByText(`Abwesend bis ${formatDay(absentUntil)}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The dashboard: Bruno overdue, Carla due soon, Anna absent (counted in neither).
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(figureOf(page, 'Mit überfälliger Schulung').locator('.figure-value')).toHaveText('1');
  await expect(figureOf(page, 'Mit bald fälliger Schulung').locator('.figure-value')).toHaveText('1');
  const absent = figureOf(page, 'Derzeit abwesend');
  await expect(absent.locator('.figure-value')).toHaveText('1');
  await expect(absent).toContainText('Abwesende zählen weder als überfällig noch als bald fällig.');
  await expect(figureOf(page, 'Mit überfälliger Schulung')).toContainText('von 3');
  await expectNoAxeViolations(page);

  // The learner sees each course's date in words.
  const learner = await learnerPage(browser, employee);
  await expect(cardOf(learner.page, 'Schadsoftware erkennen und abwehren')).toContainText(
    `Fällig bis ${formatDay(courseDue)}`,
  );
  await expect(cardOf(learner.page, 'Private Geräte im Job (BYOD)')).toContainText(
    `Überfällig – war fällig am ${formatDay(addDays(today(), -2))}`,
  );
  await expect(cardOf(learner.page, 'E-Mail-Sicherheit: Phishing erkennen und sicher handeln')).toContainText(
    `Bald fällig: bis ${formatDay(addDays(today(), 2))}`,
  );
  await expectNoAxeViolations(learner.page);
  await learner.close();

  // The person is back: the absence ends and the badge goes.
  await page.getByRole('link', { name: 'Mitarbeiter' }).click();
  await page.getByRole('button', { name: 'Aktionen für Anna Abwesend' }).click();
  await page.getByRole('menuitem', { name: 'Abwesenheit beenden' }).click();
  await expect(page.getByText('Die Abwesenheit ist beendet.')).toBeVisible();
  await expect(annaRow.getByText(/^Abwesend bis/)).toHaveCount(0);
  // Only the policyholder changes the general deadline; the row actions follow the staff rules.
  await expect(page.getByRole('button', { name: 'Aktionen für Alma Altkunde' })).toHaveCount(0);
});

test('due dates and absences read in English', async ({ page, browser }) => {
  const tag = `due-en${Date.now().toString(36)}`;
  const { employer, employee } = await createCompany(tag, { legacy: false });
  await addColleagueWith(
    employer,
    { email: `away.${tag}@example.com`, firstname: 'Ada', lastname: 'Away' },
    {
      malware: null,
    },
  );
  await assignWithDue(employee, { byod: addDays(today(), -1) });
  // A planned absence reads with its first day.
  const startsOn = addDays(today(), 10);
  const endsOn = addDays(today(), 20);

  await signIn(page, 'employer', { email: employer });
  await expect(page).toHaveURL(/\/course-settings$/);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Course settings', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Set the deadline for “Recognising and stopping malware”' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Due by' }).fill(formatDay(addDays(today(), -1)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The due date is in the past. Please choose today or a later day.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const general = page.getByRole('form', { name: 'General deadline' });
  await general.getByRole('textbox', { name: 'Days after assignment' }).fill('400');
  await general.getByRole('button', { name: 'Save' }).click();
  await expect(general.getByRole('alert')).toHaveText('Please enter a number from 1 to 365.');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Employees' }).click();
  await page.getByRole('button', { name: 'Actions for Ada Away' }).click();
  await page.getByRole('menuitem', { name: 'Absence' }).click();
  const absence = page.getByRole('dialog');
  await absence.getByRole('textbox', { name: 'Absent from' }).fill(formatDay(startsOn));
  await absence.getByRole('textbox', { name: 'Absent up to and including' }).fill(formatDay(endsOn));
  await absence.getByRole('button', { name: 'Record absence' }).click();
  await expect(page.getByText('The absence has been recorded.')).toBeVisible();
  const adaRow = page.getByRole('row').filter({ hasText: `away.${tag}@example.com` });
  const from = startsOn.slice(0, 4) === endsOn.slice(0, 4) ? formatDay(startsOn).slice(0, 6) : formatDay(startsOn);
  await expect(adaRow.getByText(`Absent ${from}–${formatDay(endsOn)}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(figureOf(page, 'With an overdue course').locator('.figure-value')).toHaveText('1');
  await expect(figureOf(page, 'With a course due soon')).toBeVisible();
  // Planned, not yet away.
  await expect(figureOf(page, 'Currently absent').locator('.figure-value')).toHaveText('0');
  await expectNoAxeViolations(page);

  const learner = await learnerPage(browser, employee);
  await learner.page.getByRole('radio', { name: 'English' }).click();
  await expect(cardOf(learner.page, 'Personal devices at work (BYOD)')).toContainText(
    `Overdue – was due on ${formatDay(addDays(today(), -1))}`,
  );
  await expectNoAxeViolations(learner.page);
  await learner.close();
});
