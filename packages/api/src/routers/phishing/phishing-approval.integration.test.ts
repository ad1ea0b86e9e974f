import { dispatchPhishing, loadConfig, type TConfig } from '@portal/core';
import { and, auditLog, companies, eq, mailOutbox, phishingMessages } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  seedPolicyholder,
  sessionFor,
  type TTestDb,
} from '../../test/test-db.ts';

/*
 * Issue 37, part 2: the provider's approval before a company's first campaign. Under the default
 * `PHISHING_APPROVAL=without-policy-number` a company without a policy number cannot start (or
 * resume) a campaign until an admin approves it, and the dispatch sends none of its mails while it
 * has no approval; `none` and `all` do what they say. Only admins approve or withdraw.
 */

let t: TTestDb;
let adminToken: string;
let policyCounter = 0;
const LATER = () => new Date(Date.now() + 40 * 24 * 3600 * 1000);

beforeAll(async () => {
  t = await createTestDb();
  adminToken = (await sessionFor(t.db, await seedAdmin(t.db))).token;
});
afterAll(() => t.cleanup());

const withApproval = (approval: TConfig['phishing']['approval']): TConfig => ({
  ...t.config,
  phishing: { ...t.config.phishing, approval },
});
const asAdmin = (config: TConfig = t.config) => callerFor(t.db, { token: adminToken, config });

/** A company with its policyholder and two people (three recipients) and a draft aimed at everyone, a week ahead. */
async function companyWithDraft(name: string, options: { policyNumber?: boolean; config?: TConfig } = {}) {
  policyCounter += 1;
  const employer = options.policyNumber
    ? await seedPolicyholder(t.db, name, `AS-48150${String(policyCounter).padStart(5, '0')}`)
    : await seedEmployer(t.db, { companyName: name });
  await seedEmployee(t.db, employer.companyId);
  await seedEmployee(t.db, employer.companyId);
  const as = callerFor(t.db, { token: employer.token, ...(options.config && { config: options.config }) });
  const draft = await as.caller.phishing.createCampaign({
    name: 'Erste',
    templates: ['parcel-customs-fee'],
    audience: { kind: 'all' },
    firstDay: addDays(berlinDay(new Date()), 7),
    windowDays: 1,
  });
  return { employer, as, id: draft.id };
}

const messagesOf = (campaignId: string) =>
  t.db.select().from(phishingMessages).where(eq(phishingMessages.campaignId, campaignId));
const simulationsOf = (companyId: string) =>
  t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.template, 'phishing')));
const approvedAt = async (companyId: string) =>
  (await t.db.select({ at: companies.phishingApprovedAt }).from(companies).where(eq(companies.id, companyId)))[0]?.at;

describe('the provider’s approval', () => {
  it('is needed before the first campaign of a company without a policy number', async () => {
    const { employer, as, id } = await companyWithDraft('Ohne Nummer GmbH');
    const refused = await as.errorOf(as.caller.phishing.startCampaign({ id }));
    expect(refused.shape.data.httpStatus).toBe(403);
    expect(refused.shape.data.messageKey).toBe('phishing.approval_required');
    expect(refused.shape.message).toContain('Ihre erste Phishing-Simulation muss vom Anbieter freigegeben werden');
    const english = callerFor(t.db, { token: employer.token, acceptLanguage: 'en' });
    const inEnglish = await english.errorOf(english.caller.phishing.startCampaign({ id }));
    expect(inEnglish.shape.message).toContain('Your first phishing simulation must be approved by the provider');
    expect((await as.caller.phishing.campaign({ id })).status).toBe('draft');
    expect(await messagesOf(id)).toEqual([]);

    // The admins see who waits, and approve it.
    const { pending } = await asAdmin().caller.admin.phishingApprovals();
    expect(pending.find((entry) => entry.companyId === employer.companyId)).toMatchObject({
      companyName: 'Ohne Nummer GmbH',
      ownerId: employer.id,
      campaigns: 1,
    });
    expect(await asAdmin().caller.admin.phishingApproval({ companyId: employer.companyId })).toEqual({
      companyId: employer.companyId,
      rule: 'without-policy-number',
      required: true,
      approvedAt: null,
    });
    const approved = await asAdmin().caller.admin.setPhishingApproval({
      companyId: employer.companyId,
      approved: true,
    });
    expect(approved.approvedAt).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, employer.companyId), eq(auditLog.action, 'phishing.approved')));
    expect(entry?.actorRole).toBe('admin');

    expect(await as.caller.phishing.startCampaign({ id })).toEqual({ planned: 3 });
    await dispatchPhishing(t.db, { now: LATER(), senderDomain: 'example.test', linkUrl: 'http://localhost' });
    expect(await simulationsOf(employer.companyId)).toHaveLength(3);
    const after = await asAdmin().caller.admin.phishingApprovals();
    expect(after.pending.map((row) => row.companyId)).not.toContain(employer.companyId);
  });

  it('is not needed by a company with a policy number under the default setting', async () => {
    const { employer, as, id } = await companyWithDraft('Mit Nummer GmbH', { policyNumber: true });
    expect(await as.caller.phishing.startCampaign({ id })).toEqual({ planned: 3 });
    expect(await asAdmin().caller.admin.phishingApproval({ companyId: employer.companyId })).toMatchObject({
      required: false,
      approvedAt: null,
    });
    await dispatchPhishing(t.db, { now: LATER(), senderDomain: 'example.test', linkUrl: 'http://localhost' });
    expect(await simulationsOf(employer.companyId)).toHaveLength(3);
  });

  it('follows PHISHING_APPROVAL: none asks it of nobody, all of every company', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).phishing.approval).toBe('without-policy-number');
    expect(loadConfig({ NODE_ENV: 'test', PHISHING_APPROVAL: 'all' }).phishing.approval).toBe('all');
    expect(() => loadConfig({ NODE_ENV: 'test', PHISHING_APPROVAL: 'sometimes' })).toThrow(/PHISHING_APPROVAL/);

    const none = withApproval('none');
    const free = await companyWithDraft('Frei GmbH', { config: none });
    expect(await free.as.caller.phishing.startCampaign({ id: free.id })).toEqual({ planned: 3 });
    expect((await asAdmin(none).caller.admin.phishingApprovals()).pending).toEqual([]);
    // The dispatch reads the setting too: under the default it holds the unapproved company's mails.
    await dispatchPhishing(t.db, { now: LATER(), senderDomain: 'example.test', linkUrl: 'http://localhost' });
    expect(await simulationsOf(free.employer.companyId)).toHaveLength(0);
    await dispatchPhishing(t.db, {
      now: LATER(),
      senderDomain: 'example.test',
      linkUrl: 'http://localhost',
      approval: 'none',
    });
    expect(await simulationsOf(free.employer.companyId)).toHaveLength(3);

    const all = withApproval('all');
    const numbered = await companyWithDraft('Nummer AG', { policyNumber: true, config: all });
    const refused = await numbered.as.errorOf(numbered.as.caller.phishing.startCampaign({ id: numbered.id }));
    expect(refused.shape.data.messageKey).toBe('phishing.approval_required');
    const { pending } = await asAdmin(all).caller.admin.phishingApprovals();
    expect(pending.map((row) => row.companyId)).toContain(numbered.employer.companyId);
    await asAdmin(all).caller.admin.setPhishingApproval({ companyId: numbered.employer.companyId, approved: true });
    expect(await numbered.as.caller.phishing.startCampaign({ id: numbered.id })).toEqual({ planned: 3 });
    await dispatchPhishing(t.db, {
      now: LATER(),
      senderDomain: 'example.test',
      linkUrl: 'http://localhost',
      approval: 'all',
    });
    expect(await simulationsOf(numbered.employer.companyId)).toHaveLength(3);
  });

  it('withdrawn, stops the dispatch and the resume; approved again, the held mails go', async () => {
    const { employer, as, id } = await companyWithDraft('Zurück GmbH');
    const admin = asAdmin().caller;
    await admin.admin.setPhishingApproval({ companyId: employer.companyId, approved: true });
    await as.caller.phishing.startCampaign({ id });
    const withdrawn = await admin.admin.setPhishingApproval({ companyId: employer.companyId, approved: false });
    expect(withdrawn).toMatchObject({ required: true, approvedAt: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, employer.companyId), eq(auditLog.action, 'phishing.approval_withdrawn')));
    expect(entry).toBeDefined();

    await dispatchPhishing(t.db, { now: LATER(), senderDomain: 'example.test', linkUrl: 'http://localhost' });
    expect(await simulationsOf(employer.companyId)).toHaveLength(0);
    // Held, not cancelled.
    const held = await messagesOf(id);
    expect(held).toHaveLength(3);
    expect(held.every((row) => row.sentAt === null && row.cancelledAt === null)).toBe(true);
    await as.caller.phishing.pauseCampaign({ id });
    const resume = await as.errorOf(as.caller.phishing.resumeCampaign({ id }));
    expect(resume.shape.data.messageKey).toBe('phishing.approval_required');
    expect((await as.caller.phishing.campaign({ id })).status).toBe('paused');

    await admin.admin.setPhishingApproval({ companyId: employer.companyId, approved: true });
    await as.caller.phishing.resumeCampaign({ id });
    await dispatchPhishing(t.db, { now: LATER(), senderDomain: 'example.test', linkUrl: 'http://localhost' });
    expect(await simulationsOf(employer.companyId)).toHaveLength(3);
  });

  it('is given and withdrawn by admins only', async () => {
    const { employer, as } = await companyWithDraft('Selbst GmbH');
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const callers = [as, callerFor(t.db, { token: (await sessionFor(t.db, manager)).token }), callerFor(t.db)];
    for (const caller of callers) {
      const refused = await caller.errorOf(
        caller.caller.admin.setPhishingApproval({ companyId: employer.companyId, approved: true }),
      );
      expect(['NOT_FOUND', 'UNAUTHORIZED']).toContain(refused.error.code);
      const list = await caller.errorOf(caller.caller.admin.phishingApprovals());
      expect(['NOT_FOUND', 'UNAUTHORIZED']).toContain(list.error.code);
    }
    expect(await approvedAt(employer.companyId)).toBeNull();
    // An admin naming a company that does not exist gets 404.
    const missing = await asAdmin().errorOf(
      asAdmin().caller.admin.setPhishingApproval({ companyId: crypto.randomUUID(), approved: true }),
    );
    expect(missing.error.code).toBe('NOT_FOUND');
  });
});
