import type { AddressInfo } from 'node:net';
import { createMailWorker, REDACTED, type TMailWorker } from '@portal/core';
import { eq, mailOutbox, transaction } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, parseRawMail } from '../../test/raw-mail.ts';
import {
  callerFor,
  createTestDb,
  outboxFor,
  seedEmployee,
  seedEmployer,
  type TTestDb,
  tokenFromText,
} from '../../test/test-db.ts';

const de = createTranslator('de');
const en = createTranslator('en');

interface TReceived {
  raw: string;
  envelopeTo: string[];
}

/** An in-process SMTP server that keeps every message it receives. */
function startSmtp(port: number, received: TReceived[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 500,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port });
    });
  });
}

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

let t: TTestDb;
let companyId: string;
let smtp: SMTPServer | undefined;
let port: number;
let worker: TMailWorker;
const received: TReceived[] = [];
const workerErrors: string[] = [];
const FROM = 'E-Learning-Portal <no-reply@portal.example>';

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
  // The registration's confirmation mail is not this file's subject: each test counts its own mails.
  await transaction(t.db, (tx) => tx.delete(mailOutbox));
  ({ server: smtp, port } = await startSmtp(0, received));
  worker = createMailWorker({
    db: t.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: FROM,
    intervalMs: 50,
    onError: (message) => workerErrors.push(message),
  });
});

afterAll(async () => {
  await worker.stop();
  if (smtp) await stopSmtp(smtp);
  await t.cleanup();
});

const mailRow = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe('mail worker over real SMTP', () => {
  it('delivers the reset mail with subject and a working link', async () => {
    const employee = await seedEmployee(t.db, companyId, { firstname: 'Jörg', lastname: 'Müller' });
    await callerFor(t.db).caller.employee.reset({ email: employee.email });
    const [queued] = await outboxFor(t.db, employee.email);
    if (!queued) throw new Error('no mail queued');

    expect(await worker.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const message = received[0] ?? { raw: '', envelopeTo: [] };
    expect(message.envelopeTo).toEqual([employee.email]);

    const mail = parseRawMail(message.raw);
    expect(mail.subject).toBe(de('mail.reset_subject'));
    expect(mail.from).toContain('no-reply@portal.example');
    expect(mail.to).toContain(employee.email);
    expect(mail.text).toContain(de('mail.greeting', { name: 'Jörg Müller' }));

    // The link survives the transfer encoding (soft line breaks, =3D) in text and HTML.
    const token = tokenFromText(mail.text, '/recovery-password/');
    expect(token).toBe(tokenFromText(queued.text, '/recovery-password/'));
    const link = `http://localhost:3000/recovery-password/${token}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(decodeQuotedPrintable(message.raw)).toContain(link);

    expect(await mailRow(queued.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await mailRow(queued.id))?.sentAt).toBeInstanceOf(Date);
    // Once delivered, the working link is no longer kept in the outbox.
    expect(await mailRow(queued.id)).toMatchObject({ text: REDACTED, html: REDACTED });
    expect(workerErrors).toEqual([]);

    // The link from the delivered mail resets the password; the notice goes out next round.
    const { caller } = callerFor(t.db);
    expect(await caller.employee.resetPassword({ token, newPassword: 'Gewitter-Pinsel-Quelle-58' })).toEqual({
      success: true,
    });
    expect(await worker.runOnce()).toBe(1);
    expect(parseRawMail(received[1]?.raw ?? '').subject).toBe(de('mail.password_changed_subject'));
    expect(await worker.runOnce()).toBe(0);
  });

  it('keeps mails pending while the SMTP server is down and sends them after it is back', async () => {
    if (!smtp) throw new Error('SMTP server not running');
    await stopSmtp(smtp);
    smtp = undefined;
    const before = received.length;

    const employee = await seedEmployee(t.db, companyId, { lang: 'en' });
    await callerFor(t.db).caller.employee.reset({ email: employee.email });
    const [queued] = await outboxFor(t.db, employee.email);
    if (!queued) throw new Error('no mail queued');

    const attemptAt = new Date();
    expect(await worker.runOnce(attemptAt)).toBe(0);
    const failed = await mailRow(queued.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.nextAttemptAt.getTime()).toBe(attemptAt.getTime() + 30_000);
    expect(workerErrors).toHaveLength(1);
    expect(workerErrors[0]).toContain(queued.id);

    // Not due yet: a second round does not touch it.
    expect(await worker.runOnce()).toBe(0);
    expect((await mailRow(queued.id))?.attempts).toBe(1);

    ({ server: smtp } = await startSmtp(port, received));
    expect(await worker.runOnce(new Date(attemptAt.getTime() + 31_000))).toBe(1);
    expect(await mailRow(queued.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received).toHaveLength(before + 1);
    const mail = parseRawMail(received[before]?.raw ?? '');
    expect(mail.subject).toBe(en('mail.reset_subject'));
    expect(mail.text).toContain('http://localhost:3000/recovery-password/');
  });

  it('without SMTP_URL leaves every mail in the outbox', async () => {
    const employee = await seedEmployee(t.db, companyId);
    await callerFor(t.db).caller.employee.reset({ email: employee.email });
    const idle = createMailWorker({ db: t.db, smtpUrl: undefined, from: FROM, intervalMs: 50 });
    expect(await idle.runOnce()).toBe(0);
    expect((await outboxFor(t.db, employee.email))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
