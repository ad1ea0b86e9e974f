import { dispatchPhishing, runPhishingRetention } from '@portal/core';
import { eq, phishingCampaigns, phishingMessages, transaction } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePhishing } from '../../test/approve-phishing.ts';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  seedInsurer,
  seedPolicyholder,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

/*
 * Issue 24, point 5 (ADR 035, ADR 036): the insurer's portfolio shows each policyholder's phishing
 * simulations at company level: people sent, clicked, submitted and reported over all started
 * campaigns, the retention job's totals included, with the shares and the last start. A company
 * without a started campaign has none (null, not 0 %), and a company outside the portfolio (no
 * policy number) lends it neither a row nor a count. The list and the single-policy call agree.
 */

let t: TTestDb;
let insurerToken: string;
const SEARCH = 'AS-71';

beforeAll(async () => {
  t = await createTestDb();
  insurerToken = (await sessionFor(t.db, await seedInsurer(t.db))).token;
});
afterAll(() => t.cleanup());

const asInsurer = () => callerFor(t.db, { token: insurerToken }).caller;

/** A campaign to every employee of the company, started as its policyholder starts it, due now. */
/** A template whose click leads to the lessons (no sign-in page), and one with an imitated sign-in. */
const TEACHING = 'parcel-customs-fee';
const SIGN_IN = 'm365-password-expiry';

async function startCampaign(employer: { token: string }, name: string, template = TEACHING) {
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  const { id } = await asEmployer.phishing.createCampaign({
    name,
    templates: [template],
    audience: { kind: 'roles', roles: ['employee'] },
    firstDay: berlinDay(new Date()),
    windowDays: 1,
  });
  await asEmployer.phishing.startCampaign({ id });
  await transaction(t.db, (tx) =>
    tx
      .update(phishingMessages)
      .set({ sendAt: new Date(Date.now() - 60_000) })
      .where(eq(phishingMessages.campaignId, id)),
  );
  return id;
}

const dispatch = () =>
  dispatchPhishing(t.db, { now: new Date(), senderDomain: 'example.test', linkUrl: 'http://localhost' });

/** Marks the first `count` messages of the campaign with the event, as the tracking would (first time only). */
async function mark(
  campaignId: string,
  event: 'clickedAt' | 'submittedAt' | 'reportedAt',
  from: number,
  count: number,
) {
  const messages = await t.db
    .select({ id: phishingMessages.id })
    .from(phishingMessages)
    .where(eq(phishingMessages.campaignId, campaignId))
    .orderBy(phishingMessages.id);
  await transaction(t.db, async (tx) => {
    for (const message of messages.slice(from, from + count)) {
      await tx
        .update(phishingMessages)
        .set({ [event]: new Date() })
        .where(eq(phishingMessages.id, message.id));
    }
  });
}

async function withStaff(employer: { companyId: string }, people: number) {
  const staff: TSeededUser[] = [];
  for (let index = 0; index < people; index += 1) staff.push(await seedEmployee(t.db, employer.companyId));
  return staff;
}

describe('insurer.policies: phishing simulations per company', () => {
  it('shows people and shares per company, null without a started campaign, and nothing of a company outside the portfolio', async () => {
    // Four recipients: two clicked (one of them typed into the sign-in), one reported.
    const clicky = await seedPolicyholder(t.db, 'Klick GmbH', 'AS-7100000001');
    const clickyStaff = await withStaff(clicky, 4);
    const clickyCampaign = await startCampaign(clicky, 'Anmeldung', SIGN_IN);
    // Only a draft: no simulation yet.
    const draftOnly = await seedPolicyholder(t.db, 'Entwurf AG', 'AS-7100000002');
    await withStaff(draftOnly, 2);
    await callerFor(t.db, { token: draftOnly.token }).caller.phishing.createCampaign({
      name: 'nur Entwurf',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
    });
    // Nothing at all.
    await seedPolicyholder(t.db, 'Ruhig KG', 'AS-7100000003');
    // Not a policy (no policy number): everyone clicked, and none of it may reach the portfolio.
    const outside = await seedEmployer(t.db, { companyName: 'Klick Fremd GmbH' });
    // Its simulations the provider approved (issue 37): without a policy number it needs that.
    await approvePhishing(t.db, outside.companyId);
    await withStaff(outside, 3);
    const outsideCampaign = await startCampaign(outside, 'Fremd');
    await dispatch();
    // Started, its mails not sent yet (planned for later): a simulation without shares.
    const waiting = await seedPolicyholder(t.db, 'Wartet OHG', 'AS-7100000004');
    await withStaff(waiting, 1);
    await startCampaign(waiting, 'Später');
    await transaction(t.db, (tx) =>
      tx
        .update(phishingMessages)
        .set({ sendAt: new Date(Date.now() + 86_400_000) })
        .where(eq(phishingMessages.companyId, waiting.companyId)),
    );
    await mark(clickyCampaign, 'clickedAt', 0, 2);
    await mark(clickyCampaign, 'submittedAt', 0, 1);
    await mark(clickyCampaign, 'reportedAt', 3, 1);
    await mark(outsideCampaign, 'clickedAt', 0, 3);

    const { items } = await asInsurer().insurer.policies({ limit: 50, search: SEARCH });
    expect(items.map((row) => [row.companyName, row.phishing?.sent ?? null])).toEqual([
      ['Klick GmbH', 4],
      ['Entwurf AG', null],
      ['Ruhig KG', null],
      ['Wartet OHG', 0],
    ]);
    const [clickyRow, , , waitingRow] = items;
    expect(clickyRow?.phishing).toMatchObject({
      sent: 4,
      signInSent: 4,
      clicked: 2,
      submitted: 1,
      reported: 1,
      clickedPercent: 50,
      submittedPercent: 25,
      reportedPercent: 25,
    });
    expect(Date.parse(clickyRow?.phishing?.lastStartedAt ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(waitingRow?.phishing).toMatchObject({ sent: 0, clicked: 0, clickedPercent: null, reportedPercent: null });
    // The company without a policy number is found neither by its name nor among all rows.
    expect((await asInsurer().insurer.policies({ limit: 50, search: 'Fremd' })).items).toEqual([]);
    const all = await asInsurer().insurer.policies({ limit: 200 });
    expect(all.items.map((row) => row.companyId)).not.toContain(outside.companyId);

    // The single-policy call answers the same figures.
    const single = await asInsurer().insurer.policy({ policyNumber: 'AS-7100000001' });
    expect(single.policyholders[0]?.phishing).toEqual(clickyRow?.phishing);
    expect((await asInsurer().insurer.policy({ policyNumber: 'AS-7100000002' })).policyholders[0]?.phishing).toBeNull();

    // Company level only: no recipient's name or address.
    const text = JSON.stringify([items, single]);
    for (const person of clickyStaff) {
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.id);
    }
  });

  it('counts the retention job’s totals of deleted messages with the live ones, over all campaigns', async () => {
    const veteran = await seedPolicyholder(t.db, 'Alt KG', 'AS-7200000001');
    await withStaff(veteran, 3);
    const old = await startCampaign(veteran, 'Vorjahr');
    await dispatch();
    await mark(old, 'clickedAt', 0, 2);
    await mark(old, 'reportedAt', 2, 1);
    // A year and more ago: the retention job moves the three messages into the campaign's totals.
    await transaction(t.db, (tx) =>
      tx
        .update(phishingMessages)
        .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
        .where(eq(phishingMessages.campaignId, old)),
    );
    const { deleted } = await runPhishingRetention(t.db);
    expect(deleted).toBe(3);
    const [retired] = await t.db
      .select({ sent: phishingCampaigns.retiredSent, clicked: phishingCampaigns.retiredClicked })
      .from(phishingCampaigns)
      .where(eq(phishingCampaigns.id, old));
    expect(retired).toEqual({ sent: 3, clicked: 2 });

    // This year's campaign to the same three: one reported, nobody clicked.
    const current = await startCampaign(veteran, 'Dieses Jahr');
    await dispatch();
    await mark(current, 'reportedAt', 0, 1);

    const [row] = (await asInsurer().insurer.policies({ limit: 5, search: 'AS-72' })).items;
    // Only mails without a sign-in page: nobody could send a form, so there is no such share (not 0 %).
    expect(row?.phishing).toMatchObject({
      sent: 6,
      signInSent: 0,
      clicked: 2,
      submitted: 0,
      reported: 2,
      clickedPercent: 33,
      submittedPercent: null,
      reportedPercent: 33,
    });
    const [newest] = await t.db
      .select({ startedAt: phishingCampaigns.startedAt })
      .from(phishingCampaigns)
      .where(eq(phishingCampaigns.id, current));
    expect(row?.phishing?.lastStartedAt).toBe(newest?.startedAt?.toISOString());
  });
});
