import { readFileSync } from 'node:fs';
import { eq, inArray, phishingSettings, users } from '@portal/db';
import { de, en } from '@portal/i18n';
import { createCompany, userByEmail, withDb, writeDb } from './support/db.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { freshAccount, signInFresh } from './support/fresh-account.ts';
import { linkPath, waitForMail } from './support/mail.ts';
import { clickedAt, dispatchCompanyNow, sendSimulation } from './support/phishing.ts';

/**
 * Issue 24, in a real browser on both databases: a policyholder opens the phishing page from the
 * navigation, creates a campaign for one chosen person with a previewed template, starts it; the
 * mail goes out, the person's click lands on the teaching page, and the campaign page shows the
 * click. Each page has 0 axe violations, in German and English.
 */
const DICTIONARY = { de, en } as const;
const TEMPLATE = 'parcel-customs-fee';
const templateTitle = (lang: 'de' | 'en') =>
  (JSON.parse(readFileSync(`content/phishing/${TEMPLATE}/${lang}.json`, 'utf8')) as { title: string }).title;

for (const lang of ['de', 'en'] as const) {
  test(`an employer creates and starts a campaign, and its page shows the click (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    // A whole campaign through two browsers and the mail: once 31 s on PostgreSQL beside another worker.
    test.slow();
    const c = DICTIONARY[lang].campaigns;
    const { employer, employee } = await createCompany(`phishing.${lang}.${Date.now()}`, { legacy: false });
    // Adopted at sign-in, as a person's saved language is.
    await writeDb((tx) =>
      tx
        .update(users)
        .set({ lang })
        .where(inArray(users.email, [employer, employee])),
    );
    await signInFresh(page, 'employer', employer);

    await page.getByRole('link', { name: DICTIONARY[lang].nav.phishing }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: DICTIONARY[lang].pages.phishing })).toBeVisible();
    await expect(page.getByText(c.empty)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`list-empty-${lang}.png`), fullPage: true });

    await page.getByRole('link', { name: c.new_campaign }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.new_heading })).toBeVisible();
    // Sent empty: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: c.create }).click();
    await expect(page.getByText(DICTIONARY[lang].phishing.name_required)).toBeVisible();
    await expect(page.getByText(DICTIONARY[lang].phishing.templates_required)).toBeVisible();

    await page.getByLabel(c.name_label).fill(`Paket ${lang}`);
    // By keyboard, as the course settings' spec does: the box is react-aria's visually hidden input.
    const template = page.getByRole('checkbox', { name: new RegExp(templateTitle(lang)) });
    await template.focus();
    await page.keyboard.press('Space');
    await expect(template).toBeChecked();
    await page.getByRole('button', { name: new RegExp(`^${c.preview}.*${templateTitle(lang)}`) }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByText('@localhost')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    const chosenPeople = page.getByRole('radio', { name: c.audience_people });
    await chosenPeople.focus();
    await page.keyboard.press('Space');
    await expect(chosenPeople).toBeChecked();
    await page.getByLabel(c.people_search).fill('Beleg');
    await page.getByRole('button', { name: c.people_add.replace('{{name}}', 'Bruno Belegschaft') }).click();
    await expect(page.getByText(c.people_chosen_one)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`editor-${lang}.png`), fullPage: true });
    await page.getByRole('button', { name: c.create }).click();

    await expect(page.getByText(c.created)).toBeVisible();
    await expect(page).toHaveURL(/\/phishing\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Paket ${lang}` })).toBeVisible();
    await page.getByRole('button', { name: c.start }).click();
    await page.getByRole('dialog').getByRole('button', { name: c.start }).click();
    await expect(page.getByText(c.started.replace('{{count}}', '1'))).toBeVisible();
    await expect(page.getByText(DICTIONARY[lang].phishing.status_running)).toBeVisible();
    await expect(page.getByText(c.results_empty)).toBeVisible();

    // The five-minute job's work, at once; the mail arrives over SMTP; the person clicks.
    await dispatchCompanyNow(employer);
    const mail = await waitForMail(employee);
    const learner = await browser.newPage();
    await learner.goto(linkPath(mail, '/p/'));
    await expect(learner).toHaveURL(/\/lesson$/);
    // The people of the company are told in the portal that simulations take place (works council).
    await signInFresh(learner, 'employee', employee);
    await learner.goto('/trainings');
    await expect(learner.getByRole('complementary', { name: c.notice_heading })).toBeVisible();
    await expect(learner.getByText(c.notice_counts)).toBeVisible();
    await expectNoAxeViolations(learner);
    await learner.close();
    await expect.poll(() => clickedAt(employee)).not.toBeNull();

    await page.reload();
    const results = page.getByRole('table').first();
    await expect(results.getByRole('row', { name: new RegExp(`^${c.clicked} 1 100 %`) })).toBeVisible();
    await expect(page.getByText(c.works_council_notice)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`results-${lang}.png`), fullPage: true });
    // The dashboard's trend across campaigns, as its table (the chart is a picture of the same).
    await page.goto('/dashboard');
    const trend = page.getByRole('figure', { name: DICTIONARY[lang].dashboard.phishing_trend });
    await trend.getByText(DICTIONARY[lang].dashboard.as_table).click();
    await expect(trend.getByRole('row', { name: new RegExp(`^Paket ${lang} .* 1 100 % 0 %$`) })).toBeVisible();
    await expectNoAxeViolations(page);
    await trend.screenshot({ path: testInfo.outputPath(`dashboard-trend-${lang}.png`) });
    await page.goto(page.url().replace('/dashboard', '/phishing'));
    await page.getByRole('link', { name: `Paket ${lang}` }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`results-phone-${lang}.png`), fullPage: true });
    await page.goto('/phishing');
    await expect(page.getByRole('link', { name: `Paket ${lang}` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`list-phone-${lang}.png`), fullPage: true });
  });
}

test('an employer puts a person into a team on the staff page and aims a campaign at that team', async ({
  page,
}, testInfo) => {
  test.slow();
  const c = de.campaigns;
  const { employer, employee } = await createCompany(`phishing.team.${Date.now()}`, { legacy: false });
  await signInFresh(page, 'employer', employer);

  await page.goto('/users');
  await page.getByRole('button', { name: de.users.actions_for.replace('{{name}}', 'Bruno Belegschaft') }).click();
  await page.getByRole('menuitem', { name: de.users.edit }).click();
  const dialog = page.getByRole('dialog', { name: de.users.edit_title });
  await dialog.getByLabel(de.users.team).fill('  Vertrieb   Nord ');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('team-edit.png') });
  await dialog.getByRole('button', { name: de.app.save }).click();
  await expect(page.getByRole('row', { name: /Belegschaft, Bruno .* Vertrieb Nord/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('team-staff-list.png'), fullPage: true });

  await page.goto('/phishing/new');
  await page.getByLabel(c.name_label).fill('Vertrieb zuerst');
  const template = page.getByRole('checkbox', { name: new RegExp(templateTitle('de')) });
  await template.focus();
  await page.keyboard.press('Space');
  const byTeam = page.getByRole('radio', { name: c.audience_teams });
  await byTeam.focus();
  await page.keyboard.press('Space');
  // Sent without a team: the form says what is missing.
  await page.getByRole('button', { name: c.create }).click();
  await expect(page.getByText(de.phishing.teams_required)).toBeVisible();
  const team = page.getByRole('checkbox', { name: c.team_option_one.replace('{{team}}', 'Vertrieb Nord') });
  await team.focus();
  await page.keyboard.press('Space');
  await expect(team).toBeChecked();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('team-editor.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await team.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('team-editor-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: c.create }).click();
  await expect(page.getByText(c.created)).toBeVisible();
  await expect(page.getByText('Vertrieb Nord')).toBeVisible();
  await page.getByRole('button', { name: c.start }).click();
  await page.getByRole('dialog').getByRole('button', { name: c.start }).click();
  // The team has one person: the employer, who is in no team, gets nothing.
  await expect(page.getByText(c.started.replace('{{count}}', '1'))).toBeVisible();
  await dispatchCompanyNow(employer);
  expect(linkPath(await waitForMail(employee), '/p/')).toMatch(/^\/p\/[A-Za-z0-9_-]{43}$/);
});

test("an admin finds a customer's rates in the statistics, opens its phishing page and stops its sending", async ({
  page,
}) => {
  const c = de.campaigns;
  const { employer, employee } = await createCompany(`phishing.admin.${Date.now()}`, { legacy: false });
  await sendSimulation(employee, 'parcel-customs-fee');
  const admin = await freshAccount('admin', 'de', 'phishing');
  await signInFresh(page, 'admin', admin);

  await page.goto('/admin/statistics');
  const card = page.getByRole('region', { name: de.admin_stats.phishing_heading });
  const row = card.getByRole('row', { name: /^Altbestand phishing\.admin\./ });
  await expect(row).toContainText('0 %');
  await expectNoAxeViolations(page);
  await row.getByRole('link').click();

  await expect(page.getByRole('heading', { level: 1, name: /^Phishing-Simulationen: Altbestand / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'e2e parcel-customs-fee' })).toBeVisible();
  await page.getByRole('button', { name: c.stop_sending }).click();
  await page.getByRole('dialog').getByRole('button', { name: c.stop_sending }).click();
  await expect(page.getByText(c.sending_stopped_done)).toBeVisible();
  await expect(page.getByRole('button', { name: c.allow_sending })).toBeVisible();
  await expectNoAxeViolations(page);
  // Stored for the customer's company: its dispatch sends nothing until someone allows it again.
  const { companyId } = await userByEmail(employer);
  const [stored] = await withDb((db) =>
    db
      .select({ stoppedAt: phishingSettings.sendingStoppedAt })
      .from(phishingSettings)
      .where(eq(phishingSettings.companyId, companyId ?? '')),
  );
  expect(stored?.stoppedAt).toBeInstanceOf(Date);
});
