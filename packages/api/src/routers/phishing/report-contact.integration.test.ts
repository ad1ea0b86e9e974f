import {
  confirmReportContact,
  createMailWorker,
  createReportReader,
  hashSecret,
  REDACTED,
  REPORT_CONTACT_MAILS_PER_DAY,
  receivePhishingReport,
  type TReportReader,
  updatePhishingSettings,
} from '@portal/core';
import { and, auditLog, eq, mailOutbox, phishingSettings } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, stopSmtp } from '../../../../core/src/mail/test-smtp-server.ts';
import { decodeQuotedPrintable } from '../../test/raw-mail.ts';
import {
  callerFor,
  countRows,
  createTestDb,
  outboxFor,
  seedEmployee,
  seedPolicyholder,
  type TSeededUser,
  type TTestDb,
  tokenFromText,
  uniqueEmail,
} from '../../test/test-db.ts';

/*
 * Issue 37, part 3a: the IT contact confirms its address before the report inbox forwards anything
 * to it. Setting or changing the address mails it a link (once, 7 days, stored hashed) in the same
 * transaction and leaves it unconfirmed; these mails are limited per company and day, and a
 * refusal changes nothing.
 */

let t: TTestDb;
let reader: TReportReader;
const REPORT = 'report@portal.example';
const LINKS = 'https://links.example';
const DAY = 24 * 3600 * 1000;
let policyCounter = 0;

beforeAll(async () => {
  t = await createTestDb();
  reader = createReportReader({ linkBases: [LINKS, t.config.publicUrl] });
});
afterAll(async () => {
  await reader.close();
  await t.cleanup();
});

async function company(name: string) {
  policyCounter += 1;
  const employer = await seedPolicyholder(t.db, name, `AS-47110${String(policyCounter).padStart(5, '0')}`);
  return { employer, as: callerFor(t.db, { token: employer.token }) };
}

const confirmationMails = async (to: string) =>
  (await outboxFor(t.db, to)).filter((mail) => mail.template === 'report_contact_confirmation');

/** The token of the link mailed to `to` last: the one whose hash is stored (mails of one millisecond have no order). */
async function linkTokenTo(to: string): Promise<string> {
  const tokens = (await confirmationMails(to)).map((mail) => tokenFromText(mail.text, '/confirm-contact/'));
  if (tokens.length === 0) throw new Error(`no confirmation mail to ${to}`);
  const [stored] = await t.db
    .select({ hash: phishingSettings.reportContactTokenHash })
    .from(phishingSettings)
    .where(eq(phishingSettings.reportContactEmail, to));
  return tokens.find((token) => hashSecret(token) === stored?.hash) ?? (tokens.at(-1) as string);
}

const settingsRow = async (companyId: string) =>
  (await t.db.select().from(phishingSettings).where(eq(phishingSettings.companyId, companyId)))[0];

/** A real suspicious mail that a person of the company forwards to the report address. */
function reportOf(person: TSeededUser) {
  const raw = Buffer.from(
    [
      `From: ${person.firstname} <${person.email}>`,
      `To: ${REPORT}`,
      'Subject: Fwd: Ihre Rechnung ist fällig',
      `Message-ID: <${crypto.randomUUID()}@mail.example>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Diese E-Mail kam mir komisch vor: https://rechnung-zahlen.example/login',
      '',
    ].join('\r\n'),
  );
  return receivePhishingReport(
    t.db,
    { raw, envelopeFrom: person.email, clientAddress: '192.0.2.25' },
    {
      linkBases: [LINKS, t.config.publicUrl],
      linkUrl: LINKS,
      perMinute: 1_000,
      perClientMinute: 1_000,
      perCompanyMinute: 1_000,
      forwardsPerDay: 1_000,
      reader,
    },
  );
}

const forwardsTo = (to: string) =>
  t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'phishing_report_forward')));

describe('the IT contact', () => {
  it('gets a link when it is set, and gets reports forwarded only once it opened it', async () => {
    const { employer, as } = await company('Kontakt GmbH');
    const kim = await seedEmployee(t.db, employer.companyId, { firstname: 'Kim' });
    const contact = uniqueEmail('it-sicherheit');

    const settings = await as.caller.phishing.updateSettings({ reportContactEmail: contact });
    expect(settings).toMatchObject({ reportContactEmail: contact, reportContactConfirmed: false });
    expect(settings.reportContactConfirmedAt).toBeNull();
    expect(Date.parse(settings.reportContactLinkExpiresAt ?? '') - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    const [mail, ...more] = await confirmationMails(contact);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Kontakt GmbH');
    expect(mail?.text).toContain(`${t.config.publicUrl}/confirm-contact/`);
    const token = await linkTokenTo(contact);
    // Only the token's hash is stored.
    expect(JSON.stringify(await settingsRow(employer.companyId))).not.toContain(token);

    expect(await reportOf(kim)).toEqual({ kind: 'ignored', reason: 'contact-unconfirmed' });
    expect(await forwardsTo(contact)).toHaveLength(0);

    // The link is opened by whoever holds it, signed in or not.
    const anonymous = callerFor(t.db).caller;
    expect(await anonymous.phishing.confirmContact({ token })).toEqual({
      confirmed: true,
      company: 'Kontakt GmbH',
      email: contact,
    });
    const confirmed = await as.caller.phishing.settings({});
    expect(confirmed.reportContactConfirmed).toBe(true);
    expect(confirmed.reportContactConfirmedAt).not.toBeNull();
    expect(confirmed.reportContactLinkExpiresAt).toBeNull();
    expect(await reportOf(kim)).toEqual({ kind: 'forwarded', companyId: employer.companyId });
    expect(await forwardsTo(contact)).toHaveLength(1);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.companyId, employer.companyId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['phishing.contact_confirmation_sent', 'phishing.contact_confirmed']),
    );
  });

  it('opens once; a used, wrong or expired link answers one translated error', async () => {
    const { employer, as } = await company('Einmal GmbH');
    const contact = uniqueEmail('it');
    await as.caller.phishing.updateSettings({ reportContactEmail: contact });
    const token = await linkTokenTo(contact);
    const { caller, errorOf } = callerFor(t.db);
    await caller.phishing.confirmContact({ token });
    const again = await errorOf(caller.phishing.confirmContact({ token }));
    expect(again.shape.data.httpStatus).toBe(400);
    expect(again.shape.data.messageKey).toBe('confirm_contact.invalid_link');
    expect(again.shape.message).toContain('Bestätigungslink ist ungültig, abgelaufen oder wurde schon verwendet');
    const english = callerFor(t.db, { acceptLanguage: 'en' });
    const wrong = await english.errorOf(english.caller.phishing.confirmContact({ token: 'a'.repeat(52) }));
    expect(wrong.shape.data.messageKey).toBe('confirm_contact.invalid_link');
    expect(wrong.shape.message).toContain('This confirmation link is invalid, has expired or has already been used');

    // A link of seven days: a minute before its end it works, at its end no more.
    const other = uniqueEmail('it');
    await as.caller.phishing.updateSettings({ reportContactEmail: other });
    const late = await linkTokenTo(other);
    const sentAt = (await confirmationMails(other)).at(-1)?.createdAt.getTime() ?? 0;
    await expect(confirmReportContact(t.db, late, new Date(sentAt + 7 * DAY + 1_000))).rejects.toMatchObject({
      messageKey: 'confirm_contact.invalid_link',
    });
    expect((await settingsRow(employer.companyId))?.reportContactConfirmedAt).toBeNull();
    await expect(confirmReportContact(t.db, late, new Date(sentAt + 7 * DAY - 60_000))).resolves.toMatchObject({
      confirmed: true,
    });
  });

  it('changed, is unconfirmed again and needs its own link; the same address again changes nothing', async () => {
    const { employer, as } = await company('Wechsel GmbH');
    const kim = await seedEmployee(t.db, employer.companyId, { firstname: 'Kim' });
    const first = uniqueEmail('it-alt');
    const second = uniqueEmail('it-neu');
    await as.caller.phishing.updateSettings({ reportContactEmail: first });
    const firstToken = await linkTokenTo(first);
    await callerFor(t.db).caller.phishing.confirmContact({ token: firstToken });
    // Saving the form again with the same address (and another retention) mails nothing.
    const same = await as.caller.phishing.updateSettings({ reportContactEmail: first, retentionMonths: 6 });
    expect(same.reportContactConfirmed).toBe(true);
    expect(await confirmationMails(first)).toHaveLength(1);

    const changed = await as.caller.phishing.updateSettings({ reportContactEmail: second });
    expect(changed).toMatchObject({ reportContactEmail: second, reportContactConfirmed: false });
    expect(await reportOf(kim)).toEqual({ kind: 'ignored', reason: 'contact-unconfirmed' });
    expect(await forwardsTo(first)).toHaveLength(0);
    expect(await forwardsTo(second)).toHaveLength(0);

    // An unconfirmed address changed again: its link stops working.
    const third = uniqueEmail('it-dritt');
    const secondToken = await linkTokenTo(second);
    await as.caller.phishing.updateSettings({ reportContactEmail: third });
    const { errorOf, caller } = callerFor(t.db);
    expect((await errorOf(caller.phishing.confirmContact({ token: secondToken }))).shape.data.messageKey).toBe(
      'confirm_contact.invalid_link',
    );
    await caller.phishing.confirmContact({ token: await linkTokenTo(third) });
    expect(await reportOf(kim)).toEqual({ kind: 'forwarded', companyId: employer.companyId });
    expect(await forwardsTo(third)).toHaveLength(1);
  });

  it('set to nothing, leaves no confirmation and no link behind', async () => {
    const { employer, as } = await company('Leer GmbH');
    const contact = uniqueEmail('it');
    await as.caller.phishing.updateSettings({ reportContactEmail: contact });
    const token = await linkTokenTo(contact);
    await callerFor(t.db).caller.phishing.confirmContact({ token });
    const cleared = await as.caller.phishing.updateSettings({ reportContactEmail: '' });
    expect(cleared).toMatchObject({
      reportContactEmail: '',
      reportContactConfirmed: false,
      reportContactConfirmedAt: null,
      reportContactLinkExpiresAt: null,
    });
    expect(await settingsRow(employer.companyId)).toMatchObject({
      reportContactConfirmedAt: null,
      reportContactTokenHash: null,
      reportContactTokenExpiresAt: null,
    });
    expect(await confirmationMails(contact)).toHaveLength(1);
  });

  it('gets a new link on request, and the earlier one stops working', async () => {
    const { as } = await company('Erneut GmbH');
    const contact = uniqueEmail('it');
    await as.caller.phishing.updateSettings({ reportContactEmail: contact });
    const first = await linkTokenTo(contact);
    const resent = await as.caller.phishing.resendContactConfirmation({});
    expect(resent.reportContactConfirmed).toBe(false);
    expect(await confirmationMails(contact)).toHaveLength(2);
    const second = await linkTokenTo(contact);
    expect(second).not.toBe(first);
    const { caller, errorOf } = callerFor(t.db);
    expect((await errorOf(caller.phishing.confirmContact({ token: first }))).shape.data.messageKey).toBe(
      'confirm_contact.invalid_link',
    );
    await caller.phishing.confirmContact({ token: second });
    const nothing = await as.errorOf(as.caller.phishing.resendContactConfirmation({}));
    expect(nothing.shape.data.httpStatus).toBe(409);
    expect(nothing.shape.data.messageKey).toBe('confirm_contact.nothing_to_confirm');
    expect(await confirmationMails(contact)).toHaveLength(2);
  });

  it(`gets at most ${REPORT_CONTACT_MAILS_PER_DAY} links a day per company; over it nothing changes`, async () => {
    const { employer, as } = await company('Viel GmbH');
    const neighbour = await company('Nachbar GmbH');
    const addresses = Array.from({ length: REPORT_CONTACT_MAILS_PER_DAY }, () => uniqueEmail('it-viel'));
    for (const address of addresses) await as.caller.phishing.updateSettings({ reportContactEmail: address });
    const before = await settingsRow(employer.companyId);
    const mails = await countRows(t.db, 'mail_outbox');
    const audits = await countRows(t.db, 'audit_log');

    const outsider = uniqueEmail('fremder');
    const refused = await as.errorOf(
      as.caller.phishing.updateSettings({ reportContactEmail: outsider, retentionMonths: 3 }),
    );
    expect(refused.shape.data.httpStatus).toBe(429);
    expect(refused.shape.data.messageKey).toBe('confirm_contact.too_many');
    expect(refused.shape.message).toContain('schon drei Bestätigungslinks');
    const resend = await as.errorOf(as.caller.phishing.resendContactConfirmation({}));
    expect(resend.shape.data.httpStatus).toBe(429);

    expect(await settingsRow(employer.companyId)).toEqual(before);
    expect(before?.reportContactEmail).toBe(addresses.at(-1));
    expect(before?.retentionMonths).toBe(12);
    expect(await countRows(t.db, 'mail_outbox')).toBe(mails);
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
    expect(await outboxFor(t.db, outsider)).toHaveLength(0);
    // Another company's limit is its own.
    await neighbour.as.caller.phishing.updateSettings({ reportContactEmail: uniqueEmail('it-nachbar') });
    // The last link still works: the refusals took nothing away.
    await callerFor(t.db).caller.phishing.confirmContact({ token: await linkTokenTo(addresses.at(-1) ?? '') });
    // A day after the first of them, a new address may be mailed again.
    const actor = { user: { ...employer, role: 'employer' as const, lang: 'de' as const } };
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    await updatePhishingSettings(
      t.db,
      actor,
      employer.companyId,
      { reportContactEmail: outsider },
      {
        now: tomorrow,
        publicUrl: t.config.publicUrl,
      },
    );
    expect(await confirmationMails(outsider)).toHaveLength(1);
  });

  it('’s link does not stay in the outbox once the mail is delivered', async () => {
    const { as } = await company('Zugestellt GmbH');
    const contact = uniqueEmail('it');
    await as.caller.phishing.updateSettings({ reportContactEmail: contact });
    const token = await linkTokenTo(contact);
    const messages: string[] = [];
    const smtp = await startSmtp(0, messages);
    const port = (smtp.server.address() as { port: number }).port;
    const worker = createMailWorker({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'p@portal.example',
      intervalMs: 50,
    });
    try {
      while ((await worker.runOnce()) > 0) {}
    } finally {
      await worker.stop();
      await stopSmtp(smtp);
    }
    expect(messages.some((raw) => decodeQuotedPrintable(raw).includes(token))).toBe(true);
    const [mail] = await confirmationMails(contact);
    expect(mail).toMatchObject({ status: 'sent', text: REDACTED, html: REDACTED });
    // The delivered link still works.
    await callerFor(t.db).caller.phishing.confirmContact({ token });
  });
});
