import {
  and,
  auditLog,
  companies,
  companyMailDomains,
  eq,
  mailOutbox,
  phishingMessages,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../auth/sessions.ts';
import { DomainError } from '../../errors.ts';
import type { TCampaignInput } from '../campaign-types.ts';
import { createCampaign, startCampaign } from '../campaigns.ts';
import { dispatchPhishing } from '../dispatch.ts';
import { campaignReach } from './campaign-reach.ts';
import { addMailDomain, removeMailDomain } from './mail-domains.ts';

/*
 * Issue 37.2 (DECISIONS.md, "Trust in who registers"): a simulated mail goes only to a person on
 * a mail domain the company has proven who has accepted the invitation; the rule holds when a
 * round is planned and again when each mail is handed to the outbox.
 */

let t: TTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

// Tuesday 1 December 2026, 08:00 in Berlin, and the morning after the two-day window.
const BEFORE = new Date('2026-12-01T07:00:00Z');
const AFTER_WINDOW = new Date('2026-12-03T07:00:00Z');

interface TPerson {
  email: string;
  /** Has set a password (accepted the invitation). */
  active: boolean;
}

/** A company (approved by the provider) with its policyholder and the given people; `proven` domains are proven. */
async function seedCompany(tag: string, people: TPerson[], proven: string[]) {
  const companyId = crypto.randomUUID();
  const employer: TSessionUser = {
    id: crypto.randomUUID(),
    role: 'employer',
    companyId,
    email: `chefin@${tag}.example`,
    firstname: 'Chefin',
    lastname: tag,
    lang: 'de',
  };
  const ids = people.map(() => crypto.randomUUID());
  await transaction(t.db, async (tx) => {
    await tx.insert(companies).values({ id: companyId, companyName: `${tag} GmbH`, phishingApprovedAt: BEFORE });
    await tx.insert(users).values([
      { ...employer, active: true },
      ...people.map((person, n) => ({
        id: ids[n] ?? '',
        firstname: `Person${n}`,
        lastname: tag,
        email: person.email,
        role: 'employee' as const,
        companyId,
        active: person.active,
      })),
    ]);
    await tx.update(companies).set({ ownerId: employer.id }).where(eq(companies.id, companyId));
    for (const domain of proven) {
      await tx
        .insert(companyMailDomains)
        .values({ companyId, domain, verification: 'portal-verification=test', verifiedAt: BEFORE });
    }
  });
  return { companyId, employer, ids };
}

const input = (over: Partial<TCampaignInput> = {}): TCampaignInput => ({
  name: 'Nur Eigene',
  templates: ['parcel-customs-fee'],
  audience: { kind: 'all' },
  startsOn: '2026-12-01',
  windowDays: 2,
  startHour: 9,
  endHour: 17,
  trackOpens: false,
  repeat: 'none',
  ...over,
});

const dispatch = (now: Date) =>
  dispatchPhishing(t.db, { now, senderDomain: 'simulation.example', linkUrl: 'https://portal.example' });
const mailedAddresses = async (companyId: string) =>
  (
    await t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.template, 'phishing')))
  )
    .map((row) => row.to)
    .sort();

describe('simulations reach only proven domains and accepted invitations', () => {
  it('a campaign to everyone mails the proven, accepted people only; outsiders and the invited get nothing', async () => {
    // A group company has proven its own domain; it does not prove it for this one.
    await seedCompany('konzern', [], ['konzern.example']);
    const a = await seedCompany(
      'eigen',
      [
        { email: 'angenommen@eigen.example', active: true },
        { email: 'eingeladen@eigen.example', active: false },
        { email: 'jemand@freemail.example', active: true },
        { email: 'fremd@konzern.example', active: true },
        { email: 'zweite@konzern.example', active: true },
      ],
      ['eigen.example'],
    );
    const { id } = await createCampaign(t.db, { user: a.employer }, a.companyId, input());
    // What the editor shows before the start: who is left out, and why.
    expect(await campaignReach(t.db, a.companyId, id)).toEqual({
      people: 6,
      reachable: 2,
      unprovenPeople: 3,
      unprovenDomains: [
        { domain: 'konzern.example', people: 2 },
        { domain: 'freemail.example', people: 1 },
      ],
      invitationOpen: 1,
    });
    expect(await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE)).toEqual({ planned: 2 });
    expect(await dispatch(AFTER_WINDOW)).toMatchObject({ queued: 2, withheld: 0 });
    expect(await mailedAddresses(a.companyId)).toEqual(['angenommen@eigen.example', 'chefin@eigen.example']);
  });

  it('chosen people outside the rule are not planned, and a start that reaches nobody is refused with the reasons', async () => {
    const a = await seedCompany(
      'leer',
      [
        { email: 'anna@privat.example', active: true },
        { email: 'ben@leer.example', active: false },
      ],
      ['leer.example'],
    );
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ audience: { kind: 'people', ids: a.ids } }),
    );
    const refusal = await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      kind: 'BAD_REQUEST',
      messageKey: 'mail_domains.nobody_reachable',
      params: { unproven: 1, domains: 'privat.example', pending: 1 },
    });
    expect(await t.db.select().from(phishingMessages).where(eq(phishingMessages.campaignId, id))).toEqual([]);
  });

  it('a domain removed after the start stops its mails when they are due: withheld, never retried, not sent', async () => {
    const a = await seedCompany(
      'entfernt',
      [
        { email: 'p1@entfernt.example', active: true },
        { email: 'p2@entfernt.example', active: true },
        { email: 'p3@bleibt.example', active: true },
      ],
      ['entfernt.example', 'bleibt.example'],
    );
    const { id } = await createCampaign(t.db, { user: a.employer }, a.companyId, input());
    expect(await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE)).toEqual({ planned: 4 });
    const [removed] = await t.db
      .select({ id: companyMailDomains.id })
      .from(companyMailDomains)
      .where(and(eq(companyMailDomains.companyId, a.companyId), eq(companyMailDomains.domain, 'entfernt.example')));
    await removeMailDomain(t.db, { user: a.employer }, a.companyId, removed?.id ?? '');

    expect(await dispatch(AFTER_WINDOW)).toMatchObject({ queued: 1, withheld: 3, finished: 1 });
    expect(await mailedAddresses(a.companyId)).toEqual(['p3@bleibt.example']);
    const messages = await t.db.select().from(phishingMessages).where(eq(phishingMessages.campaignId, id));
    expect(messages.filter((m) => m.sentAt === null).every((m) => m.cancelledAt !== null)).toBe(true);
    expect(messages.filter((m) => m.sentAt !== null)).toHaveLength(1);

    // Added again (waiting for its proof), nothing more goes out, and nothing is taken up again.
    await addMailDomain(t.db, { user: a.employer }, a.companyId, 'entfernt.example', AFTER_WINDOW);
    expect(await dispatch(new Date(AFTER_WINDOW.getTime() + 3_600_000))).toMatchObject({ queued: 0, withheld: 0 });
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phishing.domain_removed'), eq(auditLog.companyId, a.companyId)));
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ domain: 'entfernt.example', wasProven: true });
  });

  it('a person whose address moved to an unproven domain after the planning gets nothing (asked for each mail)', async () => {
    const a = await seedCompany('spaeter', [{ email: 'kim@spaeter.example', active: true }], ['spaeter.example']);
    const { id } = await createCampaign(t.db, { user: a.employer }, a.companyId, input());
    expect(await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE)).toEqual({ planned: 2 });
    // The policyholder changes the address to a private one before the mail is due.
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ email: 'kim@privat.example' })
        .where(eq(users.id, a.ids[0] ?? '')),
    );
    expect(await dispatch(AFTER_WINDOW)).toMatchObject({ queued: 1, withheld: 1 });
    expect(await mailedAddresses(a.companyId)).toEqual(['chefin@spaeter.example']);
  });
});
