import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createAdminAccount, createInsurerAccount, createPolicy } from './support/db.ts';
import {
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  fillSignIn,
  passTotp,
  signIn,
  test,
} from './support/fixtures.ts';
import { linkPath, waitForMail } from './support/mail.ts';
import { clickedAt, sendSimulation } from './support/phishing.ts';

/**
 * Issue 23 (ADR 035): the insurer's people. An admin creates an insurer account; the insurer signs
 * in at the back office's door, sets up the authenticator, lands on the portfolio and finds a
 * policy by its number and by its company's name, with company figures only (the phishing
 * simulation's click rate after its learner clicked, issue 24); the admin deletes the account. On
 * both databases.
 */

/**
 * The portfolio on a desktop and a phone, for a person to look at: the page, and the table scrolled
 * to its last columns (the phishing simulations and the evidence pack sit at the right end).
 */
async function shootPortfolio(page: Page, testInfo: TestInfo, lang: 'de' | 'en') {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await page.screenshot({ path: testInfo.outputPath(`portfolio-${lang}-${width}.png`), fullPage: true });
    const table = page.locator('.table-scroll');
    await table.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await table.screenshot({ path: testInfo.outputPath(`portfolio-${lang}-${width}-right.png`) });
    await table.evaluate((element) => {
      element.scrollLeft = 0;
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A policy number of this run: AS- and 10 digits, unique enough for parallel runs. */
const policyNumber = () => `AS-9${String(Date.now()).slice(-8)}0`;

test('an admin creates an insurer account; the insurer signs in with two factors and searches the portfolio', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const number = policyNumber();
  const companyName = await createPolicy(tag, number, 3);
  // A second policy of the same number range: AVV open, and a name a spreadsheet would run.
  const formulaNumber = `${number.slice(0, -1)}1`;
  const formulaName = `=HYPERLINK("http://angriff.example";"Klick ${tag}")`;
  await createPolicy(`${tag}-b`, formulaNumber, 0, { companyName: formulaName, avvAccepted: false });
  // A phishing simulation to the first policy's learner, who clicks its link in a browser.
  const learnerEmail = `learner.${tag}@example.com`;
  await sendSimulation(learnerEmail, 'parcel-customs-fee');
  const learner = await browser.newPage();
  await learner.goto(linkPath(await waitForMail(learnerEmail), '/p/'));
  await expect(learner).toHaveURL(/\/lesson$/);
  await learner.close();
  await expect.poll(() => clickedAt(learnerEmail)).not.toBeNull();

  await signIn(page, 'admin', { email: await createAdminAccount(`insurer-${tag}`) });
  await page.getByRole('link', { name: 'Versicherer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/insurer-accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zugänge des Versicherers' })).toBeVisible();
  await expectNoAxeViolations(page);

  const email = `versicherer.${tag}@example.com`;
  const form = page.getByRole('form', { name: 'Zugang für den Versicherer anlegen' });
  await form.getByLabel('Vorname').fill('Ines');
  await form.getByLabel('Nachname').fill(`Prüfer ${tag}`);
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Neues Passwort').fill(DEMO_PASSWORD);
  await form.getByLabel('Passwort bestätigen').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Zugang anlegen' }).click();
  // The password is hashed with argon2 on the server: on a busy machine that outlasts 5 s.
  await expect(page.getByText('Der Zugang wurde angelegt.')).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('beim ersten Anmelden');

  // The insurer, in a browser of its own: password, the authenticator's set-up, the first code.
  const context = await browser.newContext();
  const insurer = await context.newPage();
  await insurer.goto('/admin/login');
  await fillSignIn(insurer, email, DEMO_PASSWORD);
  await passTotp(insurer, email);
  await expect(insurer).toHaveURL(/\/insurer$/);
  await expect(insurer.getByRole('heading', { level: 1, name: 'Portfolio der Versicherungsnehmer' })).toBeVisible();
  await expect(insurer.getByRole('link', { name: 'Portfolio', exact: true })).toBeVisible();

  const search = insurer.getByRole('searchbox', { name: 'Versicherungsnummer oder Unternehmen' });
  await search.fill(number);
  const policy = insurer.getByRole('row').filter({ hasText: number });
  await expect(policy).toHaveCount(1);
  await expect(policy).toContainText(companyName);
  await expect(policy).toContainText('75 % (3 von 4 Schulungen)');
  await expect(policy).toContainText('akzeptiert am');
  await expect(policy).toContainText('keiner');
  // The simulation at company level: one recipient, who clicked and did not report. The dot
  // between the shares is a comma to a screen reader.
  await expect(
    policy.getByRole('cell', { name: /^100 % geklickt, 0 % gemeldet\s*1 Empfänger, zuletzt gestartet am / }),
  ).toBeVisible();
  // Company figures only: the learner's name appears nowhere.
  await expect(insurer.getByRole('main')).not.toContainText(`Lernfeld-${tag}`);
  await expect(insurer.getByRole('main')).not.toContainText(`learner.${tag}`);
  await expectNoAxeViolations(insurer);
  await shootPortfolio(insurer, testInfo, 'de');

  // The evidence pack of the policy (a ZIP with the PDF and its facts as JSON), company level only.
  const [pack] = await Promise.all([
    insurer.waitForEvent('download'),
    policy.getByRole('link', { name: `ZIP herunterladen: Nachweispaket für ${companyName}` }).click(),
  ]);
  expect(pack.suggestedFilename()).toMatch(new RegExp(`^evidence-${number}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const files = unzipSync(new Uint8Array(await readFile(await pack.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['evidence.pdf', 'evidence.json']));
  const facts = strFromU8(files['evidence.json'] ?? new Uint8Array());
  expect(JSON.parse(facts)).toMatchObject({ company: { name: companyName, policyNumber: number } });
  expect(facts).not.toContain(`Lernfeld-${tag}`);

  // Both policies by the start of their number; then the AVV filter leaves the open one.
  await search.fill(number.slice(0, -1));
  await expect(insurer.getByRole('row').filter({ hasText: number.slice(0, -1) })).toHaveCount(2);
  await insurer.getByLabel('AVV', { exact: true }).selectOption({ label: 'offen' });
  await expect(insurer.getByRole('row').filter({ hasText: number.slice(0, -1) })).toHaveCount(1);
  await expect(insurer.getByRole('row').filter({ hasText: formulaNumber })).toContainText(formulaName);
  // No campaign started: no simulation, which is not 0 %.
  await expect(insurer.getByRole('row').filter({ hasText: formulaNumber })).toContainText('keine Simulation');
  await insurer.getByLabel('AVV', { exact: true }).selectOption({ label: 'Alle' });
  await insurer.getByLabel('Versicherungsnachweis', { exact: true }).selectOption({ label: 'keiner' });
  await expect(insurer.getByRole('row').filter({ hasText: number.slice(0, -1) })).toHaveCount(2);
  await insurer.getByLabel('Versicherungsnachweis', { exact: true }).selectOption({ label: 'gültig' });
  await expect(insurer.getByText('Kein Versicherungsnehmer passt zu diesen Filtern.')).toBeVisible();
  await insurer.getByLabel('Versicherungsnachweis', { exact: true }).selectOption({ label: 'Alle' });
  // Completion: one policy has 3 of 4 courses completed, the other none.
  await insurer.getByLabel('Abschluss', { exact: true }).selectOption({ label: 'teilweise abgeschlossen' });
  await expect(insurer.getByRole('row').filter({ hasText: number.slice(0, -1) })).toHaveCount(1);
  await expect(insurer.getByRole('row').filter({ hasText: number })).toHaveCount(1);
  await insurer.getByLabel('Abschluss', { exact: true }).selectOption({ label: 'Alle' });
  // The order: lowest completion first puts the policy with nothing completed on top.
  const policyRows = insurer.getByRole('row').filter({ hasText: number.slice(0, -1) });
  await insurer.getByLabel('Sortierung', { exact: true }).selectOption({ label: 'geringster Abschluss zuerst' });
  await expect(policyRows.first()).toContainText(formulaNumber);
  await insurer.getByLabel('Sortierung', { exact: true }).selectOption({ label: 'höchster Abschluss zuerst' });
  await expect(policyRows.first()).toContainText(number);
  await expect(policyRows.first()).toContainText('noch nicht gezählt');
  await insurer.getByLabel('Sortierung', { exact: true }).selectOption({ label: 'nach Versicherungsnummer' });

  // The CSV of the filtered list: both policies, the formula neutralised.
  await expect(insurer.getByRole('row').filter({ hasText: number.slice(0, -1) })).toHaveCount(2);
  const [download] = await Promise.all([
    insurer.waitForEvent('download'),
    insurer.getByRole('button', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^portfolio_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Versicherungsnummer;Unternehmen;AVV;AVV akzeptiert am;Lernende;/);
  expect(lines[0]).toMatch(/;Phishing: Empfänger;Phishing: geklickt;Phishing: geklickt in %;/);
  // The template was a parcel notice without a sign-in page: 0 sign-in mails, no "submitted" share (issue 37.7).
  expect(lines).toHaveLength(3);
  const day = /\d{2}\.\d{2}\.\d{4}/.source;
  expect(lines[1]).toMatch(
    new RegExp(`^${number};Police ${tag} GmbH;ja;${day};1;4;3;75;;;;keiner;;${day};1;1;100;0;0;;0;0;${day}$`),
  );
  expect(lines[2]).toBe(
    `${formulaNumber};"'=HYPERLINK(""http://angriff.example"";""Klick ${tag}"")";nein;;1;4;0;0;;;;keiner;;;;;;;;;;;`,
  );
  await expect(insurer.getByText('Der Export ist fehlgeschlagen.')).toHaveCount(0);
  await search.fill('Gibt es nicht');
  await expect(insurer.getByText('Keine Versicherungsnehmer passen zu „Gibt es nicht“.')).toBeVisible();

  // The admin removes the account; the insurer's session ends with it.
  await page.reload();
  await expect(row).toContainText('eingerichtet');
  await row.getByRole('button', { name: /^Löschen/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bestätigung').fill('DELETE');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Der Zugang wurde gelöscht.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await insurer.reload();
  await expect(insurer).toHaveURL(/\/admin\/login/);
  await context.close();
});

test('the portfolio in English, switched to by an insurer whose authenticator is set up', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `en${Date.now().toString(36)}`;
  const number = policyNumber();
  const companyName = await createPolicy(tag, number, 0);
  // Sent, not clicked (yet).
  await sendSimulation(`learner.${tag}@example.com`, 'parcel-customs-fee');
  const email = await createInsurerAccount(tag);
  await page.goto('/admin/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  await passTotp(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio der Versicherungsnehmer' })).toBeVisible();
  // Unlike admins, the insurer's people may switch to English; the choice is saved to the account.
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Policyholder portfolio' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Policyholder portfolio' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Policy number or company' }).fill(number);
  const policy = page.getByRole('row').filter({ hasText: number });
  await expect(policy).toContainText(companyName);
  await expect(policy).toContainText('0 % (0 of 4 trainings)');
  await expect(policy).toContainText('none yet');
  await expect(
    policy.getByRole('cell', { name: /^0 % clicked, 0 % reported\s*1 recipient, last started on / }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shootPortfolio(page, testInfo, 'en');
});
