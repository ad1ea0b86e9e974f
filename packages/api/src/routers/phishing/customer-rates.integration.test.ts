import { dispatchPhishing } from '@portal/core';
import { eq, phishingCampaigns, phishingMessages, transaction } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePhishing } from '../../test/approve-phishing.ts';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../test/test-db.ts';

/*
 * The admins' view across customers (ADR 036): each customer that started a campaign, with people
 * sent, clicked, submitted and reported over all its campaigns, the retention job's anonymous
 * totals included; a customer with only a draft is not listed; policyholders may not ask.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function startedCampaign(name: string, people: number) {
  const employer = await seedEmployer(t.db, { companyName: name });
  // No policy number: the provider approved its simulations (issue 37).
  await approvePhishing(t.db, employer.companyId);
  for (let index = 0; index < people; index += 1) await seedEmployee(t.db, employer.companyId);
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  const { id } = await asEmployer.phishing.createCampaign({
    name,
    templates: ['parcel-customs-fee'],
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
  return { employer, asEmployer, id };
}

describe('phishing.customerRates', () => {
  it('lists customers with started campaigns, totals with retired counts, the highest click rate first', async () => {
    const careful = await startedCampaign('Vorsicht GmbH', 4);
    const clicky = await startedCampaign('Klick AG', 2);
    const draftOnly = await seedEmployer(t.db, { companyName: 'Entwurf KG' });
    await callerFor(t.db, { token: draftOnly.token }).caller.phishing.createCampaign({
      name: 'nur Entwurf',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
    });
    await dispatchPhishing(t.db, { now: new Date(), senderDomain: 'example.test', linkUrl: 'http://localhost' });

    // Klick AG: both clicked, one reported; Vorsicht GmbH: one of four clicked, and 10 retired
    // messages with 1 click and 6 reports from before the retention period.
    const clickyMessages = await t.db
      .select({ id: phishingMessages.id })
      .from(phishingMessages)
      .where(eq(phishingMessages.campaignId, clicky.id));
    const carefulMessages = await t.db
      .select({ id: phishingMessages.id })
      .from(phishingMessages)
      .where(eq(phishingMessages.campaignId, careful.id));
    const now = new Date();
    await transaction(t.db, async (tx) => {
      for (const message of clickyMessages) {
        await tx.update(phishingMessages).set({ clickedAt: now }).where(eq(phishingMessages.id, message.id));
      }
      await tx
        .update(phishingMessages)
        .set({ reportedAt: now })
        .where(eq(phishingMessages.id, clickyMessages[0]?.id ?? ''));
      await tx
        .update(phishingMessages)
        .set({ clickedAt: now, submittedAt: now })
        .where(eq(phishingMessages.id, carefulMessages[0]?.id ?? ''));
      await tx
        .update(phishingCampaigns)
        .set({ retiredSent: 10, retiredClicked: 1, retiredReported: 6 })
        .where(eq(phishingCampaigns.id, careful.id));
    });

    const admin = await seedAdmin(t.db);
    const asAdmin = callerFor(t.db, { token: (await sessionFor(t.db, admin)).token }).caller;
    const rows = (await asAdmin.phishing.customerRates()).filter((row) =>
      [careful.employer.companyId, clicky.employer.companyId, draftOnly.companyId].includes(row.companyId),
    );
    expect(rows.map((row) => row.companyName)).toEqual(['Klick AG', 'Vorsicht GmbH']);
    expect(rows[0]).toMatchObject({ campaigns: 1, sent: 2, signInSent: 0, clicked: 2, submitted: 0, reported: 1 });
    expect(rows[0]?.policyholderId).toBe(clicky.employer.id);
    // The mark on a mail of a template without a sign-in page (the parcel's) is no "submitted" (issue 37.7).
    expect(rows[1]).toMatchObject({ campaigns: 1, sent: 14, signInSent: 0, clicked: 2, submitted: 0, reported: 6 });
    expect(Date.parse(rows[1]?.lastStartedAt ?? '')).toBeGreaterThan(Date.now() - 600_000);
  });

  it('is for admins only', async () => {
    const employer = await seedEmployer(t.db, { companyName: 'Neugier GmbH' });
    // A role without the call gets what every such call answers: nothing there (no oracle).
    await expect(callerFor(t.db, { token: employer.token }).caller.phishing.customerRates()).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
