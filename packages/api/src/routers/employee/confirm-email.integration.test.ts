import { deleteUnconfirmedRegistrations } from '@portal/core';
import { companies, eq, like, loginThrottle, oneTimeTokens, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  outboxFor,
  seedEmployer,
  seedInsurer,
  seedPolicyholder,
  sessionFor,
  type TTestDb,
  tokenFromText,
  uniqueEmail,
} from '../../test/test-db.ts';

/*
 * Issue 37.1: a self-registration proves its address before the company can reach anyone else
 * (invitations, uploads, contacts, simulations); unconfirmed registrations are erased after a week.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const as = (token: string) => callerFor(t.db, { token });
const DAY = 24 * 3600 * 1000;

async function unconfirmed(companyName = 'Fremd GmbH') {
  await transaction(t.db, (tx) => tx.delete(loginThrottle).where(like(loginThrottle.key, 'register-ip:%')));
  return seedEmployer(t.db, { companyName, confirmed: false });
}

const invite = (token: string, email = uniqueEmail('outsider')) =>
  as(token).caller.employee.invite({
    firstname: 'Ina',
    lastname: 'Außen',
    email,
    isManager: false,
    assignedCourseList: [],
    lang: 'de',
  });

describe('registration confirmation', () => {
  it('mails a fixed text with a link and nothing the registrant typed', async () => {
    const employer = await unconfirmed('Gefälschte Bank AG');
    const [mail] = await outboxFor(t.db, employer.email);
    expect(mail?.template).toBe('registration_confirmation');
    expect(mail?.text).toContain('/confirm-email/');
    expect(tokenFromText(mail?.text ?? '', '/confirm-email/')).toBe(employer.confirmationToken);
    for (const typed of ['Gefälschte Bank', employer.firstname, employer.lastname]) {
      expect(mail?.text).not.toContain(typed);
      expect(mail?.html).not.toContain(typed);
    }
  });

  it('refuses invitations, upload mails, contacts and campaigns until confirmed, and changes nothing', async () => {
    const employer = await unconfirmed();
    const people = await countRows(t.db, 'users');
    const mails = await countRows(t.db, 'mail_outbox');
    // Called one by one: a promise made before its turn would reject unobserved.
    const refusals = [
      () => invite(employer.token),
      () => as(employer.token).caller.pdf.sendUploadConfirmation({ email: employer.email, cc: uniqueEmail('cc') }),
      () => as(employer.token).caller.phishing.updateSettings({ reportContactEmail: uniqueEmail('contact') }),
      () =>
        as(employer.token).caller.phishing.createCampaign({
          name: 'Test',
          templates: ['parcel-customs-fee'],
          audience: { kind: 'all' },
          firstDay: '2026-12-01',
          windowDays: 2,
          startHour: 9,
          endHour: 17,
          trackOpens: false,
          repeat: 'none',
        }),
    ];
    for (const call of refusals) {
      const { shape } = await as(employer.token).errorOf(call());
      expect(shape.data.httpStatus).toBe(403);
      expect(shape.data.messageKey).toBe('errors.email_unconfirmed');
      expect(shape.message).toContain('bestätigen Sie zuerst Ihre E-Mail-Adresse');
    }
    expect(await countRows(t.db, 'users')).toBe(people);
    expect(await countRows(t.db, 'mail_outbox')).toBe(mails);
    expect(await countRows(t.db, 'phishing_campaigns')).toBe(0);
    // Its own settings stay open: the registrant completes them while waiting for the mail.
    await as(employer.token).caller.employee.update({ id: employer.id, salutation: 'Mrs' });
    const me = await as(employer.token).caller.auth.me();
    expect(me?.emailConfirmationPending).toBe(true);
  });

  it('the link confirms once; then the company may invite', async () => {
    const employer = await unconfirmed();
    const { caller, errorOf } = callerFor(t.db);
    expect(await caller.employee.confirmEmail({ token: employer.confirmationToken })).toEqual({ confirmed: true });
    const again = await errorOf(caller.employee.confirmEmail({ token: employer.confirmationToken }));
    expect(again.shape.data.messageKey).toBe('confirm_email.invalid_link');
    const wrong = await errorOf(caller.employee.confirmEmail({ token: 'a'.repeat(52) }));
    expect(wrong.shape.data.messageKey).toBe('confirm_email.invalid_link');
    const [company] = await t.db
      .select({ pending: companies.confirmationPendingSince })
      .from(companies)
      .where(eq(companies.id, employer.companyId));
    expect(company?.pending).toBeNull();
    expect((await as(employer.token).caller.auth.me())?.emailConfirmationPending).toBe(false);
    const { employeeId } = await invite(employer.token);
    expect(employeeId).toBeTruthy();
  });

  it('two clicks at the same moment confirm once', async () => {
    const employer = await unconfirmed();
    const { caller } = callerFor(t.db);
    const results = await Promise.allSettled([
      caller.employee.confirmEmail({ token: employer.confirmationToken }),
      caller.employee.confirmEmail({ token: employer.confirmationToken }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a new link voids the earlier one, is limited, and is refused once confirmed', async () => {
    const employer = await unconfirmed();
    const { caller, errorOf } = as(employer.token);
    expect(await caller.employee.resendConfirmation()).toEqual({ sent: true });
    const mails = await outboxFor(t.db, employer.email);
    expect(mails).toHaveLength(2);
    const newer = tokenFromText(mails[1]?.text ?? '', '/confirm-email/');
    const old = await errorOf(callerFor(t.db).caller.employee.confirmEmail({ token: employer.confirmationToken }));
    expect(old.shape.data.messageKey).toBe('confirm_email.invalid_link');
    await caller.employee.resendConfirmation();
    await caller.employee.resendConfirmation();
    const limited = await errorOf(caller.employee.resendConfirmation());
    expect(limited.shape.data.httpStatus).toBe(429);
    expect(await outboxFor(t.db, employer.email)).toHaveLength(4);
    const latest = tokenFromText((await outboxFor(t.db, employer.email))[3]?.text ?? '', '/confirm-email/');
    expect(latest).not.toBe(newer);
    await callerFor(t.db).caller.employee.confirmEmail({ token: latest });
    const done = await errorOf(caller.employee.resendConfirmation());
    expect(done.shape.data.messageKey).toBe('confirm_email.already_confirmed');
  });

  it('a registration left unconfirmed for a week is erased; younger and confirmed ones stay', async () => {
    const stale = await unconfirmed('Alt GmbH');
    const young = await unconfirmed('Jung GmbH');
    const confirmed = await seedEmployer(t.db, { companyName: 'Bestätigt GmbH' });
    const now = new Date();
    await transaction(t.db, async (tx) => {
      await tx
        .update(companies)
        .set({ confirmationPendingSince: new Date(now.getTime() - 8 * DAY) })
        .where(eq(companies.id, stale.companyId));
      await tx
        .update(companies)
        .set({
          confirmationPendingSince: new Date(now.getTime() - 6 * DAY),
          createdAt: new Date(now.getTime() - 9 * DAY),
        })
        .where(eq(companies.id, young.companyId));
      await tx
        .update(companies)
        .set({ createdAt: new Date(now.getTime() - 30 * DAY) })
        .where(eq(companies.id, confirmed.companyId));
    });
    expect(await deleteUnconfirmedRegistrations(t.db, now)).toBe(1);
    const left = await t.db.select({ id: companies.id }).from(companies);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(stale.companyId);
    expect(ids).toEqual(expect.arrayContaining([young.companyId, confirmed.companyId]));
    expect(await t.db.select().from(users).where(eq(users.id, stale.id))).toHaveLength(0);
    expect(await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, stale.id))).toHaveLength(0);
    expect(await outboxFor(t.db, stale.email)).toHaveLength(0);
    // The erased registrant's session ends with it.
    expect(await as(stale.token).caller.auth.me()).toBeNull();
  });

  it('the insurer sees an unconfirmed registration neither in its portfolio nor by its policy number', async () => {
    const insurer = (await sessionFor(t.db, await seedInsurer(t.db))).token;
    const stranger = await seedPolicyholder(t.db, 'Fremder Eintrag GmbH', 'AS-3141592653', { confirmed: false });
    const { caller, errorOf } = as(insurer);
    const listed = await caller.insurer.policies({ limit: 100, search: 'Fremder Eintrag' });
    expect(listed.items).toHaveLength(0);
    const single = await errorOf(caller.insurer.policy({ policyNumber: 'AS-3141592653' }));
    expect(single.shape.data.httpStatus).toBe(404);
    await callerFor(t.db).caller.employee.confirmEmail({ token: stranger.confirmationToken });
    const after = await caller.insurer.policies({ limit: 100, search: 'Fremder Eintrag' });
    expect(after.items.map((row) => row.companyId)).toEqual([stranger.companyId]);
  });
});
