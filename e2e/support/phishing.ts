import { createCampaign, dispatchPhishing, startCampaign, type TSessionUser } from '@portal/core';
import {
  companies,
  eq,
  inArray,
  phishingCampaigns,
  phishingMessages,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { E2E_BASE_URL } from '../../playwright.config.ts';
import { withDb } from './db.ts';

/**
 * A phishing simulation (ADR 036) of one template to one person, created and started as the
 * person's policyholder would, and handed to the outbox at once (what the five-minute dispatch job
 * of the running server does), as another process beside the server. The server's outbox worker
 * then sends it over the run's SMTP server.
 */
export async function sendSimulation(email: string, template: string): Promise<void> {
  await withDb(async (db) => {
    const [person] = await db.select().from(users).where(eq(users.email, email));
    if (!person?.companyId) throw new Error(`${email} has no company`);
    const [company] = await db.select().from(companies).where(eq(companies.id, person.companyId));
    const [owner] = await db
      .select()
      .from(users)
      .where(eq(users.id, company?.ownerId ?? ''));
    if (!owner) throw new Error(`the company of ${email} has no policyholder`);
    const actor: TSessionUser = { ...owner, role: 'employer', companyId: person.companyId, lang: owner.lang };
    const { id } = await createCampaign(db, { user: actor }, person.companyId, {
      name: `e2e ${template}`,
      templates: [template],
      audience: { kind: 'people', ids: [person.id] },
      startsOn: berlinDay(new Date()),
      windowDays: 1,
      startHour: 9,
      endHour: 17,
      trackOpens: false,
      repeat: 'none',
    });
    await startCampaign(db, { user: actor }, person.companyId, id);
    await dispatchDueNow(db, [id]);
  });
}

/**
 * The campaigns' planned mails made due now, whatever the time of the run (the window may begin on
 * the next working day), and handed to the outbox as the dispatch job would.
 */
async function dispatchDueNow(db: TDatabase, campaignIds: string[]): Promise<void> {
  await transaction(db, (tx) =>
    tx
      .update(phishingMessages)
      .set({ sendAt: new Date(Date.now() - 60_000) })
      .where(inArray(phishingMessages.campaignId, campaignIds)),
  );
  await dispatchPhishing(db, { now: new Date(), senderDomain: 'localhost', linkUrl: E2E_BASE_URL });
}

/** When the person's simulated mail was first clicked (null: never). */
export function clickedAt(email: string): Promise<Date | null> {
  return withDb(async (db) => {
    const [row] = await db
      .select({ clickedAt: phishingMessages.clickedAt })
      .from(phishingMessages)
      .innerJoin(users, eq(users.id, phishingMessages.userId))
      .where(eq(users.email, email));
    return row?.clickedAt ?? null;
  });
}

/**
 * What the dispatch job of the running server does within five minutes, at once: the company's
 * planned simulations made due now (whatever the time of the run) and handed to the outbox.
 */
export async function dispatchCompanyNow(employerEmail: string): Promise<void> {
  await withDb(async (db) => {
    const [owner] = await db.select().from(users).where(eq(users.email, employerEmail));
    if (!owner?.companyId) throw new Error(`${employerEmail} has no company`);
    const campaigns = await db
      .select({ id: phishingCampaigns.id })
      .from(phishingCampaigns)
      .where(eq(phishingCampaigns.companyId, owner.companyId));
    const ids = campaigns.map((campaign) => campaign.id);
    if (ids.length === 0) throw new Error(`${employerEmail} has no campaign`);
    await dispatchDueNow(db, ids);
  });
}
