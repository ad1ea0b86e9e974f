import { companies, eq, phishingCampaigns, phishingMessages, transaction, users } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign } from './campaign-read.ts';
import { companyPhishingRates } from './company-phishing-rates.ts';
import { customerPhishingRates } from './customer-rates.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { runPhishingRetention } from './retention.ts';
import { markPhishingEvent, recordPhishingEvent } from './tracking.ts';

/*
 * Issue 37.7: "submitted" (a form sent on the imitation sign-in page) exists only for templates
 * that have one. The tracking refuses to mark it on another template's message; the counts take it
 * only from those templates' mails and divide by their number (`signInSent`), so a campaign or a
 * company without such mails has no submitted share (null, not 0 %). Before, a mark on a template
 * without a sign-in page (posted to its form address, or left from earlier) was counted, divided by
 * all mails, and reached the insurer. The data are written directly, so that only the counting and
 * the tracking are under test.
 */

const TEACHING = 'parcel-customs-fee';
const SIGN_IN = 'm365-password-expiry';

let t: TTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const SENT = new Date('2026-11-10T09:00:00Z');
const LATER = new Date('2026-11-10T10:00:00Z');

/** A customer with `people` employees (and its owner, the employer). */
async function seedCompany(name: string, people: number) {
  const companyId = crypto.randomUUID();
  const ownerId = crypto.randomUUID();
  const staff = Array.from({ length: people }, () => crypto.randomUUID());
  await transaction(t.db, async (tx) => {
    await tx.insert(companies).values({ id: companyId, companyName: name });
    await tx.insert(users).values(
      [ownerId, ...staff].map((id, n) => ({
        id,
        firstname: `P${n}`,
        lastname: name,
        email: `p${n}.${companyId}@example.com`,
        role: n === 0 ? ('employer' as const) : ('employee' as const),
        companyId,
        active: true,
      })),
    );
    await tx.update(companies).set({ ownerId }).where(eq(companies.id, companyId));
  });
  return { companyId, staff };
}

/** A started campaign of the templates, with one sent message per person (template by turn). */
async function seedCampaign(
  company: { companyId: string; staff: string[] },
  templates: string[],
  retired: { sent: number; submitted: number } = { sent: 0, submitted: 0 },
) {
  const id = crypto.randomUUID();
  const messages = company.staff.map((userId, n) => ({
    id: crypto.randomUUID(),
    campaignId: id,
    companyId: company.companyId,
    round: 0,
    userId,
    templateSlug: templates[n % templates.length] ?? TEACHING,
    templateVersion: '1',
    lang: 'de' as const,
    sendAt: SENT,
    sentAt: SENT,
  }));
  await transaction(t.db, async (tx) => {
    await tx.insert(phishingCampaigns).values({
      id,
      companyId: company.companyId,
      name: templates.join('+'),
      status: 'running',
      templates: JSON.stringify(templates),
      audience: JSON.stringify({ kind: 'all' }),
      startsOn: '2026-11-10',
      windowDays: 1,
      startedAt: SENT,
      retiredSent: retired.sent,
      retiredClicked: retired.sent,
      retiredSubmitted: retired.submitted,
    });
    if (messages.length > 0) await tx.insert(phishingMessages).values(messages);
  });
  return { id, messages };
}

/** A mark written as an older version of the tracking wrote it, on any template. */
const forgeSubmitted = (messageId: string) =>
  transaction(t.db, (tx) =>
    tx.update(phishingMessages).set({ clickedAt: LATER, submittedAt: LATER }).where(eq(phishingMessages.id, messageId)),
  );
const eventsOf = async (messageId: string) =>
  (
    await t.db
      .select({ clickedAt: phishingMessages.clickedAt, submittedAt: phishingMessages.submittedAt })
      .from(phishingMessages)
      .where(eq(phishingMessages.id, messageId))
  )[0];

describe('"submitted" only for templates with a sign-in page', () => {
  it('the templates under test are one of each kind', () => {
    expect(phishingTemplate(TEACHING)?.meta.landing).toBe('teaching');
    expect(phishingTemplate(SIGN_IN)?.meta.landing).toBe('sign-in');
  });

  it('the tracking refuses to mark a message of a template without a sign-in page, and marks the others', async () => {
    const company = await seedCompany('Markiert GmbH', 2);
    const { messages } = await seedCampaign(company, [TEACHING, SIGN_IN]);
    const [teaching, signIn] = messages;
    if (!teaching || !signIn) throw new Error('two messages expected');
    expect(await recordPhishingEvent(t.db, teaching.id, 'submitted', LATER)).toBe(false);
    expect(await transaction(t.db, (tx) => markPhishingEvent(tx, teaching.id, 'submitted', LATER))).toBe(false);
    // Neither the submit nor the click it implies.
    expect(await eventsOf(teaching.id)).toEqual({ clickedAt: null, submittedAt: null });
    expect(await recordPhishingEvent(t.db, signIn.id, 'submitted', LATER)).toBe(true);
    expect(await eventsOf(signIn.id)).toEqual({ clickedAt: LATER, submittedAt: LATER });
    // The other events of a teaching template are recorded as before.
    expect(await recordPhishingEvent(t.db, teaching.id, 'clicked', LATER)).toBe(true);
  });

  it('a campaign counts submitted of its sign-in mails only and says how many there were', async () => {
    const company = await seedCompany('Gemischt GmbH', 4);
    const { id, messages } = await seedCampaign(company, [TEACHING, SIGN_IN]);
    // Two teaching and two sign-in mails: an old mark on a teaching one, a real one on a sign-in one.
    const teaching = messages.find((message) => message.templateSlug === TEACHING);
    const signIn = messages.find((message) => message.templateSlug === SIGN_IN);
    await forgeSubmitted(teaching?.id ?? '');
    await forgeSubmitted(signIn?.id ?? '');

    const campaign = await getCampaign(t.db, company.companyId, id);
    expect(campaign.counts).toMatchObject({ sent: 4, signInSent: 2, clicked: 2, submitted: 1 });
    const perTemplate = new Map(campaign.perTemplate.map((row) => [row.template, row]));
    expect(perTemplate.get(TEACHING)).toMatchObject({ sent: 2, signInSent: 0, submitted: 0 });
    expect(perTemplate.get(SIGN_IN)).toMatchObject({ sent: 2, signInSent: 2, submitted: 1 });
    expect(campaign.perDay.reduce((sum, day) => sum + day.submitted, 0)).toBe(1);
  });

  it('the insurer’s and the admins’ figures divide by the sign-in mails, and have no share without them', async () => {
    // Four people: two teaching mails (one with an old mark) and two sign-in mails (one submitted).
    const mixed = await seedCompany('Anteil GmbH', 4);
    const both = await seedCampaign(mixed, [TEACHING, SIGN_IN]);
    for (const message of both.messages) {
      if (message.templateSlug === TEACHING || message === both.messages[1]) await forgeSubmitted(message.id);
    }
    // Only teaching mails, every one with an old mark: no submitted share at all.
    const teachingOnly = await seedCompany('Ohne Anmeldeseite AG', 3);
    const onlyTeaching = await seedCampaign(teachingOnly, [TEACHING]);
    for (const message of onlyTeaching.messages) await forgeSubmitted(message.id);

    const rates = await companyPhishingRates(t.db, [mixed.companyId, teachingOnly.companyId]);
    const mixedRates = rates.get(mixed.companyId);
    expect(mixedRates).toMatchObject({ sent: 4, signInSent: 2, clicked: 3, submitted: 1 });
    expect(mixedRates?.submittedPercent).toBe(50);
    expect(mixedRates?.clickedPercent).toBe(75);
    expect(rates.get(teachingOnly.companyId)).toMatchObject({
      sent: 3,
      signInSent: 0,
      clicked: 3,
      submitted: 0,
      clickedPercent: 100,
      submittedPercent: null,
    });

    const customers = new Map((await customerPhishingRates(t.db)).map((row) => [row.companyId, row]));
    expect(customers.get(mixed.companyId)).toMatchObject({ sent: 4, signInSent: 2, submitted: 1 });
    expect(customers.get(teachingOnly.companyId)).toMatchObject({ sent: 3, signInSent: 0, submitted: 0 });
  });

  it('retired totals count for "submitted" only where every template of the campaign has a sign-in page', async () => {
    const veteran = await seedCompany('Vorjahr KG', 0);
    const allSignIn = await seedCampaign(veteran, [SIGN_IN, 'shared-document'], { sent: 10, submitted: 4 });
    // The totals do not say which of its mails had a sign-in page: left out of that share.
    const mixed = await seedCampaign(veteran, [TEACHING, SIGN_IN], { sent: 20, submitted: 5 });
    await seedCampaign(veteran, [TEACHING], { sent: 6, submitted: 2 });
    const rates = (await companyPhishingRates(t.db, [veteran.companyId])).get(veteran.companyId);
    expect(rates).toMatchObject({ sent: 36, signInSent: 10, submitted: 4, submittedPercent: 40 });
    const customer = (await customerPhishingRates(t.db)).find((row) => row.companyId === veteran.companyId);
    expect(customer).toMatchObject({ sent: 36, signInSent: 10, submitted: 4 });
    const campaign = await getCampaign(t.db, veteran.companyId, allSignIn.id);
    expect(campaign.counts).toMatchObject({ sent: 10, signInSent: 10, submitted: 4 });
    const mixedCampaign = await getCampaign(t.db, veteran.companyId, mixed.id);
    expect(mixedCampaign.counts).toMatchObject({ sent: 20, signInSent: 0, submitted: 0 });
  });

  it('the retention job does not carry an old mark of a template without a sign-in page into the totals', async () => {
    const old = await seedCompany('Alt GmbH', 2);
    const { id, messages } = await seedCampaign(old, [TEACHING]);
    for (const message of messages) await forgeSubmitted(message.id);
    await transaction(t.db, (tx) =>
      tx
        .update(phishingMessages)
        .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
        .where(eq(phishingMessages.campaignId, id)),
    );
    await runPhishingRetention(t.db, new Date('2026-12-01T00:00:00Z'));
    const [campaign] = await t.db
      .select({
        sent: phishingCampaigns.retiredSent,
        clicked: phishingCampaigns.retiredClicked,
        submitted: phishingCampaigns.retiredSubmitted,
      })
      .from(phishingCampaigns)
      .where(eq(phishingCampaigns.id, id));
    expect(campaign).toEqual({ sent: 2, clicked: 2, submitted: 0 });
  });
});
