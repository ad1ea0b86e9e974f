import { dispatchPhishing, REPORT_FILE } from '@portal/core';
import { and, auditLog, eq, mailOutbox, phishingMessages } from '@portal/db';
import { freePort } from '@portal/db/testing';
import { berlinDay } from '@portal/validators';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedPolicyholder,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { changedRows, snapshotTables } from '../test/db-snapshot.ts';
import { startReportListener, type TReportListener } from './report-listener.ts';

/*
 * ADR 036 step 4: the report inbox, over real SMTP. A reported simulation counts once and thanks
 * the reporter in their language; a real suspicious mail of a known person goes to the company's
 * IT contact with the report attached; unknown senders and other companies' simulations change
 * nothing; the listener takes mail for the report address only, up to its size and per-sender limit.
 */

const REPORT = 'report@portal.example';
const LINKS = 'https://links.example';
const PER_MINUTE = 3;
const MAX_BYTES = 256 * 1024;
const quiet = { info: () => {}, warn: () => {} };

let t: TTestDb;
let listener: TReportListener;
let transport: Transporter;
/** The simulated mail of each recipient, as the outbox holds it, with its link token. */
const sent = new Map<string, { token: string; subject: string; html: string; text: string; headers: string }>();
let alpha: { employer: TSeededUser; robin: TSeededUser; kim: TSeededUser; sam: TSeededUser; contact: string };
let beta: { person: TSeededUser };
let gamma: { person: TSeededUser };

const send = (mail: Mail.Options) => transport.sendMail({ to: REPORT, ...mail });
const messageOf = async (person: TSeededUser) => {
  const [row] = await t.db.select().from(phishingMessages).where(eq(phishingMessages.userId, person.id));
  return row;
};
const outboxTo = (to: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)));
const simulationOf = (person: TSeededUser) => {
  const mail = sent.get(person.id);
  if (!mail) throw new Error(`no simulated mail for ${person.email}`);
  return mail;
};
/** A mail as raw bytes, the way a mail client attaches an original. */
const compose = (mail: Mail.Options) =>
  new Promise<Buffer>((resolve, reject) =>
    new MailComposer(mail).compile().build((error, message) => (error ? reject(error) : resolve(message))),
  );
/** The rows a report changed, apart from the per-sender count every report adds. */
async function changedBy(work: () => Promise<unknown>): Promise<string[]> {
  const before = await snapshotTables(t.db);
  await work();
  return changedRows(before, await snapshotTables(t.db)).filter((row) => !row.includes(' login_throttle: '));
}

beforeAll(async () => {
  t = await createTestDb();
  const employer = await seedPolicyholder(t.db, 'Melde GmbH', 'AS-4711081542');
  const robin = await seedEmployee(t.db, employer.companyId, { lang: 'en', firstname: 'Robin' });
  const kim = await seedEmployee(t.db, employer.companyId, { lang: 'de', firstname: 'Kim' });
  const sam = await seedEmployee(t.db, employer.companyId, { lang: 'de', firstname: 'Sam' });
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  alpha = { employer, robin, kim, sam, contact: 'it-sicherheit@melde.example' };
  await asEmployer.phishing.updateSettings({ reportContactEmail: alpha.contact });
  const { id } = await asEmployer.phishing.createCampaign({
    name: 'Paket',
    templates: ['parcel-customs-fee'],
    audience: { kind: 'people', ids: [robin.id, kim.id, sam.id] },
    firstDay: berlinDay(new Date()),
    windowDays: 1,
    trackOpens: false,
  });
  await asEmployer.phishing.startCampaign({ id });
  await dispatchPhishing(t.db, {
    now: new Date(Date.now() + 40 * 24 * 3600 * 1000),
    senderDomain: 'simulation.example',
    linkUrl: LINKS,
  });
  for (const mail of await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'phishing'))) {
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.html)?.[1] ?? '';
    sent.set(mail.userId ?? '', { ...mail, token, headers: mail.headers ?? '{}' });
  }
  expect(sent.size).toBe(3);

  const betaOwner = await seedPolicyholder(t.db, 'Andere AG', 'AS-0000000001');
  await callerFor(t.db, { token: betaOwner.token }).caller.phishing.updateSettings({
    reportContactEmail: 'it@andere.example',
  });
  beta = { person: await seedEmployee(t.db, betaOwner.companyId, { firstname: 'Casey' }) };
  const gammaOwner = await seedPolicyholder(t.db, 'Ohne Kontakt KG', 'AS-1234567891');
  gamma = { person: await seedEmployee(t.db, gammaOwner.companyId, { lang: 'en', firstname: 'Gale' }) };

  listener = await startReportListener({
    db: t.db,
    port: await freePort(),
    host: '127.0.0.1',
    addresses: [REPORT],
    maxBytes: MAX_BYTES,
    perMinute: PER_MINUTE,
    linkBases: [LINKS, t.config.publicUrl],
    linkUrl: LINKS,
    logger: quiet,
    closeTimeoutMs: 500,
  });
  // The listener offers STARTTLS with a certificate of its own; the tests talk plain SMTP.
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport?.close();
  await listener?.close();
  await t.cleanup();
});

describe('a reported simulation', () => {
  it('forwarded with the link in the body counts once and thanks the reporter in English', async () => {
    const { robin } = alpha;
    const original = simulationOf(robin);
    const forward = {
      // Case differs from the stored address: addresses compare case-insensitively.
      from: `Robin <${robin.email.toUpperCase()}>`,
      subject: `Fwd: ${original.subject}`,
      text: `Looks odd?\n\n---------- Forwarded message ---------\nSubject: ${original.subject}\n\n${original.text}`,
    };
    const answer = await send(forward);
    expect(answer.response).toMatch(/^250 /);

    const first = (await messageOf(robin))?.reportedAt;
    expect(first).toBeInstanceOf(Date);
    const thanks = await outboxTo(robin.email, 'phishing_reported');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]).toMatchObject({ lang: 'en', subject: 'Well spotted: that was a phishing simulation' });
    expect(thanks[0]?.text).toContain('a phishing simulation by Melde GmbH');
    // Robin's own mail: the thanks leads to its teaching page.
    expect(thanks[0]?.text).toContain(`${LINKS}/p/${original.token}/lesson`);

    // Reporting twice does not count twice, nor thank twice.
    await send(forward);
    expect((await messageOf(robin))?.reportedAt).toEqual(first);
    expect(await outboxTo(robin.email, 'phishing_reported')).toHaveLength(1);
  });

  it('by Microsoft 365’s report button, the original attached with its header, counts for the reporter', async () => {
    const { kim } = alpha;
    const mail = simulationOf(kim);
    // A link checker (Mimecast-style) rewrote every link: only the header still names the campaign.
    const rewrite = (body: string) => body.replaceAll(`${LINKS}/p/${mail.token}`, 'https://protect.example/s/Xy12');
    const original = await compose({
      from: 'Paketdienst <zoll@simulation.example>',
      to: kim.email,
      subject: mail.subject,
      headers: JSON.parse(mail.headers) as Record<string, string>,
      html: rewrite(mail.html),
      text: rewrite(mail.text),
    });
    expect(original.toString()).not.toContain(mail.token);
    await send({
      from: kim.email,
      subject: `Phish | ${mail.subject}`,
      text: 'This message was reported as phishing.',
      attachments: [{ filename: 'original.eml', contentType: 'message/rfc822', content: original }],
    });

    expect((await messageOf(kim))?.reportedAt).toBeInstanceOf(Date);
    const thanks = await outboxTo(kim.email, 'phishing_reported');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]).toMatchObject({ lang: 'de', subject: 'Gut erkannt: Das war eine Phishing-Simulation' });
    expect(thanks[0]?.text).toContain('eine Phishing-Simulation von Melde GmbH');
    // Without the token there is no teaching page to link to.
    expect(thanks[0]?.text).not.toContain('/lesson');
    // A simulation is never passed on to the IT contact as a real attack.
    expect(await outboxTo(alpha.contact, 'phishing_report_forward')).toHaveLength(0);
  });

  it('of another company, reported by someone outside it, counts for nobody and goes nowhere', async () => {
    const { sam } = alpha;
    const mail = simulationOf(sam);
    const changes = await changedBy(() =>
      send({ from: beta.person.email, subject: `Fwd: ${mail.subject}`, html: mail.html, text: mail.text }),
    );
    expect(changes).toEqual([]);
    expect((await messageOf(sam))?.reportedAt).toBeNull();
  });

  it('forwarded to a colleague who reports it (links wrapped by Safe Links) counts for its recipient', async () => {
    const { sam, employer } = alpha;
    const mail = simulationOf(sam);
    const link = `${LINKS}/p/${mail.token}`;
    const wrapped = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(link)}&amp;data=05%7C02&amp;reserved=0`;
    const html = mail.html.replaceAll(link, wrapped);
    expect(html).not.toContain(link);
    await send({ from: employer.email, subject: `WG: ${mail.subject}`, html });

    expect((await messageOf(sam))?.reportedAt).toBeInstanceOf(Date);
    const thanks = await outboxTo(employer.email, 'phishing_reported');
    expect(thanks).toHaveLength(1);
    // The teaching page would assign the course to Sam: the colleague's thanks does not link it.
    expect(thanks[0]?.text).not.toContain('/lesson');
  });
});

describe('a real suspicious mail', () => {
  it('from a known employee goes to the company’s IT contact, the report attached', async () => {
    const { kim, contact } = alpha;
    await send({
      from: `Kim <${kim.email}>`,
      subject: 'WG: Ihr Konto wird gesperrt',
      text: 'Ist das echt?\n\nVon: Bank <service@bank-sicher.example>\nKlicken Sie hier: https://bank-sicher.example/login',
    });
    const forwards = await outboxTo(contact, 'phishing_report_forward');
    expect(forwards).toHaveLength(1);
    const forward = forwards[0];
    expect(forward).toMatchObject({ lang: 'de', subject: 'Verdächtige E-Mail gemeldet: WG: Ihr Konto wird gesperrt' });
    expect(forward?.text).toContain(`(${kim.email}) von Melde GmbH`);
    expect(JSON.parse(forward?.headers ?? '{}')).toEqual({ 'Reply-To': kim.email });
    const [file] = JSON.parse(forward?.attachments ?? '[]') as {
      filename: string;
      contentType: string;
      base64: string;
    }[];
    expect(file).toMatchObject({ filename: REPORT_FILE, contentType: 'message/rfc822' });
    expect(Buffer.from(file?.base64 ?? '', 'base64').toString()).toContain('https://bank-sicher.example/login');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'phishing.report_forwarded'));
    expect(entry).toMatchObject({ actorId: kim.id, companyId: kim.companyId });
  });

  it('from a company without an IT contact is only audited', async () => {
    const changes = await changedBy(() =>
      send({ from: gamma.person.email, subject: 'Rechnung offen', text: 'https://rechnung.example/zahlen' }),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^\+ audit_log: .*phishing\.report_unrouted/);
    expect(changes[0]).toContain(gamma.person.id);
  });

  it('from an unknown sender changes nothing, and is answered like any other', async () => {
    let answer = '';
    const changes = await changedBy(async () => {
      const info = await send({ from: 'someone@elsewhere.example', subject: 'Hallo', text: 'https://x.example' });
      answer = info.response ?? '';
    });
    expect(answer).toMatch(/^250 /);
    expect(changes).toEqual([]);
  });
});

describe('the listener', () => {
  it('takes mail for the report address only', async () => {
    await expect(
      transport.sendMail({ from: alpha.kim.email, to: 'postmaster@portal.example', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses a report over the size limit', async () => {
    const changes = await changedBy(() =>
      expect(
        send({
          from: alpha.kim.email,
          subject: 'Groß',
          text: 'Anhang',
          attachments: [{ filename: 'big.bin', content: Buffer.alloc(MAX_BYTES + 1024, 7) }],
        }),
      ).rejects.toMatchObject({ responseCode: 552 }),
    );
    expect(changes).toEqual([]);
  });

  it('defers a sender’s reports beyond the limit per minute, over all its reports', async () => {
    const from = 'flood@elsewhere.example';
    for (let n = 0; n < PER_MINUTE; n += 1) await send({ from, subject: `n${n}`, text: 'x' });
    await expect(send({ from, subject: 'one more', text: 'x' })).rejects.toMatchObject({ responseCode: 451 });
    // Another sender is not held up by it.
    expect((await send({ from: 'calm@elsewhere.example', subject: 'x', text: 'x' })).response).toMatch(/^250 /);
  });
});
