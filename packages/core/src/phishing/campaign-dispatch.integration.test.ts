import {
  and,
  companies,
  companyMailDomains,
  eq,
  isNotNull,
  mailOutbox,
  phishingCampaigns,
  phishingMessages,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../auth/sessions.ts';
import { DEVELOPMENT_TOTP_KEY } from '../auth/totp-secret-seal.ts';
import { DomainError } from '../errors.ts';
import { createJobHandlers } from '../jobs/builtin-jobs.ts';
import { isWorkingTime } from '../jobs/working-time.ts';
import { getCampaign } from './campaign-read.ts';
import type { TCampaignInput } from './campaign-types.ts';
import { createCampaign, pauseCampaign, resumeCampaign, startCampaign, stopCampaign } from './campaigns.ts';
import { dispatchPhishing } from './dispatch.ts';
import { allowPhishingSending, stopPhishingSending, updatePhishingSettings } from './phishing-settings.ts';
import { runPhishingRetention } from './retention.ts';

/*
 * ADR 036 step 2: campaigns are planned into messages, and the dispatcher hands due ones to the
 * outbox once, to the campaign's company only; pause, resume, stop and the kill switch hold.
 */

let t: TTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const DOMAIN = 'sicher-anmelden.example';
const LINKS = 'https://portal.example';
// Tuesday 1 December 2026, 08:00 in Berlin: before the working hours of the window's first day.
const BEFORE = new Date('2026-12-01T07:00:00Z');
const AFTER_WINDOW = new Date('2026-12-03T07:00:00Z');

interface TSeeded {
  companyId: string;
  employer: TSessionUser;
  people: string[];
}

async function seedCompany(name: string, employees: number): Promise<TSeeded> {
  const companyId = crypto.randomUUID();
  const employerId = crypto.randomUUID();
  const people = Array.from({ length: employees }, () => crypto.randomUUID());
  await transaction(t.db, async (tx) => {
    // No policy number: the provider approved its simulations (issue 37), as the default setting needs.
    await tx.insert(companies).values({ id: companyId, companyName: `${name} GmbH`, phishingApprovedAt: new Date() });
    await tx.insert(users).values([
      {
        id: employerId,
        firstname: 'Chefin',
        lastname: name,
        email: `chefin@${name}.example`,
        role: 'employer',
        companyId,
        active: true,
      },
      ...people.map((id, n) => ({
        id,
        firstname: `Person${n}`,
        lastname: name,
        email: `p${n}@${name}.example`,
        role: 'employee' as const,
        companyId,
        active: true,
        lang: n % 2 ? ('en' as const) : ('de' as const),
      })),
    ]);
    await tx.update(companies).set({ ownerId: employerId }).where(eq(companies.id, companyId));
    // Its people's domain is proven: simulations reach only such domains (issue 37).
    await tx.insert(companyMailDomains).values({
      companyId,
      domain: `${name}.example`,
      verification: 'portal-verification=test',
      verifiedAt: new Date(),
    });
  });
  const employer: TSessionUser = {
    id: employerId,
    role: 'employer',
    companyId,
    email: `chefin@${name}.example`,
    firstname: 'Chefin',
    lastname: name,
    lang: 'de',
  };
  return { companyId, employer, people };
}

const input = (over: Partial<TCampaignInput> = {}): TCampaignInput => ({
  name: 'Winter',
  templates: ['parcel-customs-fee', 'qr-code-mfa-renewal'],
  audience: { kind: 'all' },
  startsOn: '2026-12-01',
  windowDays: 2,
  startHour: 9,
  endHour: 17,
  trackOpens: false,
  repeat: 'none',
  ...over,
});

const dispatch = (now: Date) => dispatchPhishing(t.db, { now, senderDomain: DOMAIN, linkUrl: LINKS, batchSize: 3 });
const messagesOf = (campaignId: string) =>
  t.db.select().from(phishingMessages).where(eq(phishingMessages.campaignId, campaignId));
const outboxOf = (companyId: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.template, 'phishing')));
const statusOf = async (id: string) =>
  (await t.db.select().from(phishingCampaigns).where(eq(phishingCampaigns.id, id)))[0]?.status;

describe('a phishing campaign', () => {
  it('is planned over its window and sent once, to its own company only', async () => {
    const a = await seedCompany('alpha', 6);
    const b = await seedCompany('beta', 2);
    // A blocked person gets nothing.
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ locked: true })
        .where(eq(users.id, a.people[5] ?? '')),
    );
    const { id } = await createCampaign(t.db, { user: a.employer }, a.companyId, input());
    expect(await statusOf(id)).toBe('draft');
    expect(await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE)).toEqual({ planned: 6 });

    const planned = await messagesOf(id);
    expect(planned).toHaveLength(6);
    for (const message of planned) {
      expect(isWorkingTime(message.sendAt), message.sendAt.toISOString()).toBe(true);
      expect(message.sendAt.getTime()).toBeLessThan(AFTER_WINDOW.getTime());
      expect(message.tokenHash).toBeNull();
    }
    expect(new Set(planned.map((m) => m.lang))).toEqual(new Set(['de', 'en']));

    expect((await dispatch(BEFORE)).queued).toBe(0);
    const first = await dispatch(AFTER_WINDOW);
    expect(first).toMatchObject({ queued: 6, cancelled: 0, finished: 1 });
    expect(await statusOf(id)).toBe('finished');
    // A second run, or a run of another process, sends nothing again.
    expect((await dispatch(AFTER_WINDOW)).queued).toBe(0);

    const mails = await outboxOf(a.companyId);
    expect(mails).toHaveLength(6);
    const addresses = (await t.db.select().from(users).where(eq(users.companyId, a.companyId))).map((u) => u.email);
    for (const mail of mails) {
      expect(addresses).toContain(mail.toAddress);
      expect(mail.fromAddress).toMatch(new RegExp(`<[a-z0-9._-]+@${DOMAIN.replace('.', '\\.')}>$`));
      expect(JSON.parse(mail.headers ?? '{}')).toEqual({ 'X-Portal-Simulation': id });
      expect(mail.html).not.toContain('{{');
      // A QR code mail has its link only in the code (quishing); every other one in its text.
      if (mail.attachments) expect(mail.html).toContain('cid:qr@portal.simulation');
      else expect(mail.text).toMatch(/https:\/\/portal\.example\/p\/[A-Za-z0-9_-]{43}/);
    }
    expect(await outboxOf(b.companyId)).toHaveLength(0);
    const sent = await messagesOf(id);
    expect(new Set(sent.map((m) => m.tokenHash)).size).toBe(6);
    expect(sent.every((m) => m.sentAt !== null && m.outboxId !== null)).toBe(true);
  });

  it('refuses people of another company and unknown templates, and changes nothing', async () => {
    const a = await seedCompany('gamma', 1);
    const b = await seedCompany('delta', 1);
    const refused = (over: Partial<TCampaignInput>) =>
      createCampaign(t.db, { user: a.employer }, a.companyId, input(over)).then(
        () => 'created',
        (error: unknown) => (error instanceof DomainError ? error.messageKey : String(error)),
      );
    expect(await refused({ audience: { kind: 'people', ids: [b.people[0] ?? ''] } })).toBe(
      'phishing.recipient_unknown',
    );
    expect(await refused({ templates: ['no-such-template'] })).toBe('phishing.template_unknown');
    expect(await refused({ startHour: 17, endHour: 9 })).toBe('phishing.hours_invalid');
    const rows = await t.db.select().from(phishingCampaigns).where(eq(phishingCampaigns.companyId, a.companyId));
    expect(rows).toHaveLength(0);
  });

  it('mails the chosen teams of its own company only, and refuses a team nobody of the company is in', async () => {
    const a = await seedCompany('teamalpha', 5);
    const b = await seedCompany('teambeta', 2);
    const teamOf = (id: string | undefined, team: string) =>
      transaction(t.db, (tx) =>
        tx
          .update(users)
          .set({ team })
          .where(eq(users.id, id ?? '')),
      );
    await teamOf(a.people[0], 'Vertrieb Nord');
    await teamOf(a.people[1], 'Vertrieb Nord');
    await teamOf(a.people[2], 'Buchhaltung');
    await teamOf(a.people[3], 'Lager');
    // The same team name in another company is another team.
    await teamOf(b.people[0], 'Vertrieb Nord');

    const refused = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ audience: { kind: 'teams', teams: ['Vertrieb Nord', 'Marketing'] } }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).messageKey).toBe('phishing.team_unknown');
    expect((refused as DomainError).params).toEqual({ team: 'Marketing' });

    // Spaces as a form might send them are the team's name all the same.
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ audience: { kind: 'teams', teams: ['  Vertrieb   Nord', 'Buchhaltung', 'Buchhaltung'] } }),
    );
    const campaign = await getCampaign(t.db, a.companyId, id);
    expect(campaign.audience).toEqual({ kind: 'teams', teams: ['Vertrieb Nord', 'Buchhaltung'] });
    expect(await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE)).toEqual({ planned: 3 });
    expect((await messagesOf(id)).map((m) => m.userId).sort()).toEqual([a.people[0], a.people[1], a.people[2]].sort());
    await dispatch(AFTER_WINDOW);
    expect(await outboxOf(b.companyId)).toHaveLength(0);
  });

  it('sends nothing while paused, spreads what fell due when resumed, and nothing after a stop', async () => {
    const a = await seedCompany('epsilon', 4);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['invoice-overdue'] }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    await pauseCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    expect((await dispatch(AFTER_WINDOW)).queued).toBe(0);

    // Resumed on Thursday 3 December at 10:00 Berlin: everything is overdue and spread over that day.
    const resumedAt = new Date('2026-12-03T09:00:00Z');
    await resumeCampaign(t.db, { user: a.employer }, a.companyId, id, resumedAt);
    const spread = await messagesOf(id);
    for (const m of spread) {
      expect(m.sendAt.getTime()).toBeGreaterThanOrEqual(resumedAt.getTime());
      expect(m.sendAt.getTime()).toBeLessThan(Date.parse('2026-12-03T16:00:00Z'));
    }
    const midday = new Date(Math.min(...spread.map((m) => m.sendAt.getTime())) + 1);
    const some = await dispatch(midday);
    expect(some.queued).toBeGreaterThanOrEqual(1);
    await stopCampaign(t.db, { user: a.employer }, a.companyId, id, midday);
    expect((await dispatch(new Date('2026-12-10T09:00:00Z'))).queued).toBe(0);
    const after = await messagesOf(id);
    expect(after.filter((m) => m.sentAt !== null)).toHaveLength(some.queued);
    expect(after.filter((m) => m.cancelledAt !== null)).toHaveLength(5 - some.queued);
    expect(await statusOf(id)).toBe('stopped');
    await expect(resumeCampaign(t.db, { user: a.employer }, a.companyId, id)).rejects.toMatchObject({
      messageKey: 'phishing.status_conflict',
    });
  });

  it('the kill switch takes back undelivered mails and stops every campaign until allowed again', async () => {
    const a = await seedCompany('zeta', 3);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['voicemail-message'] }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    // Three employees and the employer: everyone of the company.
    expect((await dispatch(AFTER_WINDOW)).queued).toBe(4);
    expect(await outboxOf(a.companyId)).toHaveLength(4);

    expect(await stopPhishingSending(t.db, { user: a.employer }, a.companyId, AFTER_WINDOW)).toEqual({ takenBack: 4 });
    expect(await outboxOf(a.companyId)).toHaveLength(0);
    const back = await messagesOf(id);
    expect(back.every((m) => m.sentAt === null && m.tokenHash === null && m.outboxId === null)).toBe(true);
    expect((await dispatch(AFTER_WINDOW)).queued).toBe(0);

    const allowedAt = new Date('2026-12-03T09:00:00Z');
    await allowPhishingSending(t.db, { user: a.employer }, a.companyId, allowedAt);
    expect((await dispatch(new Date('2026-12-04T16:00:00Z'))).queued).toBe(4);
    expect(await outboxOf(a.companyId)).toHaveLength(4);
  });

  it('plans the next round of a repeating campaign when it begins, once', async () => {
    const a = await seedCompany('eta', 2);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['calendar-invitation'], repeat: 'quarterly' }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    expect((await dispatch(AFTER_WINDOW)).rounds).toBe(0);
    // 1 March 2027 is a Monday: round 1 begins.
    const nextRound = new Date('2027-03-01T08:30:00Z');
    const [one, two] = await Promise.all([dispatch(nextRound), dispatch(nextRound)]);
    expect((one?.rounds ?? 0) + (two?.rounds ?? 0)).toBe(1);
    const messages = await messagesOf(id);
    expect(messages.filter((m) => m.round === 1)).toHaveLength(3);
    expect(await statusOf(id)).toBe('running');
  });

  it('PHISHING_SENDING=off: the provider’s switch makes the dispatch job send nothing', async () => {
    const a = await seedCompany('iota', 1);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['invoice-overdue'] }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    const job = (sending: boolean) =>
      createJobHandlers({
        publicUrl: LINKS,
        totpKey: DEVELOPMENT_TOTP_KEY,
        phishing: { mailDomain: DOMAIN, linkUrl: LINKS, sending },
      })['phishing-dispatch'];
    const context = {
      db: t.db,
      now: AFTER_WINDOW,
      payload: null,
      job: { id: 'x', kind: 'phishing-dispatch', key: 'x', attempt: 1 },
    };
    expect(await job(false)?.(context)).toEqual({ skipped: 1 });
    expect(await outboxOf(a.companyId)).toHaveLength(0);
    expect(await job(true)?.(context)).toMatchObject({ queued: 2 });
    expect(await outboxOf(a.companyId)).toHaveLength(2);
  });

  it('retention deletes old messages and keeps their counts as the campaign’s totals', async () => {
    const a = await seedCompany('kappa', 3);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['invoice-overdue'] }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    await dispatch(AFTER_WINDOW);
    await updatePhishingSettings(
      t.db,
      { user: a.employer },
      a.companyId,
      { retentionMonths: 2 },
      { now: BEFORE, publicUrl: LINKS },
    );
    const [one] = await messagesOf(id);
    await transaction(t.db, (tx) =>
      tx
        .update(phishingMessages)
        .set({ clickedAt: AFTER_WINDOW })
        .where(eq(phishingMessages.id, one?.id ?? '')),
    );
    const before = await getCampaign(t.db, a.companyId, id);
    expect(before.counts).toMatchObject({ sent: 4, clicked: 1 });
    // Six weeks on, within the two months: nothing goes.
    expect(await runPhishingRetention(t.db, new Date('2027-01-15T02:40:00Z'))).toEqual({ deleted: 0 });
    // Three months on: every message goes, the counts stay.
    const later = new Date('2027-03-01T02:40:00Z');
    const { deleted } = await runPhishingRetention(t.db, later);
    expect(deleted).toBeGreaterThanOrEqual(4);
    expect(await messagesOf(id)).toHaveLength(0);
    const after = await getCampaign(t.db, a.companyId, id);
    expect(after.counts).toMatchObject({ sent: 4, clicked: 1, opened: 0 });
  });

  it('two dispatchers at once send every mail once', async () => {
    const a = await seedCompany('theta', 20);
    const { id } = await createCampaign(
      t.db,
      { user: a.employer },
      a.companyId,
      input({ templates: ['salary-statement'] }),
    );
    await startCampaign(t.db, { user: a.employer }, a.companyId, id, BEFORE);
    const runs = await Promise.all([dispatch(AFTER_WINDOW), dispatch(AFTER_WINDOW), dispatch(AFTER_WINDOW)]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(21);
    expect(await outboxOf(a.companyId)).toHaveLength(21);
    const sent = await t.db
      .select()
      .from(phishingMessages)
      .where(and(eq(phishingMessages.campaignId, id), isNotNull(phishingMessages.sentAt)));
    expect(sent).toHaveLength(21);
  });
});
