import { parseEmployeeCsv, submitUploadRequest } from '@portal/core';
import { companies, employeeUploads, eq, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  outboxFor,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let adminToken: string;
let employer: TSeededUser & { companyId: string; token: string };

const csv = (tag: string, rows: number, extra: string[] = []) =>
  new TextEncoder().encode(
    `\uFEFFVorname;Nachname;E-Mail\r\n${[
      ...Array.from({ length: rows }, (_, i) => `günther;schön;${tag}.${i}@queue.example`),
      ...extra,
    ].join('\r\n')}\r\n`,
  );

/** An upload request as the policyholder's confirmed upload stores it. */
async function request(tag: string, rows: number, extra: string[] = [], cc: string | null = null) {
  const parsed = parseEmployeeCsv(csv(tag, rows, extra), `${tag}.csv`);
  const { uploadId } = await submitUploadRequest(
    t.db,
    { ...employer, lang: 'de' },
    { filename: `${tag}.csv`, parsed, cc },
    { ip: '192.0.2.9' },
  );
  return uploadId;
}

const admin = () => callerFor(t.db, { token: adminToken });
const statusOf = async (id: string) => {
  const [row] = await t.db.select().from(employeeUploads).where(eq(employeeUploads.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestDb();
  adminToken = (await sessionFor(t.db, await seedAdmin(t.db))).token;
  employer = await seedEmployer(t.db, { companyName: 'Warteschlange GmbH' });
  await transaction(t.db, (tx) =>
    tx.update(companies).set({ insuranceNumber: 'AS-0000000042' }).where(eq(companies.id, employer.companyId)),
  );
});
afterAll(() => t.cleanup());

describe('the queue of employer upload requests', () => {
  it('lists pending requests, previews one against today’s accounts, imports it once, and mails the result', async () => {
    const uploadId = await request('a', 50, ['Ohne;Mail;keine'], 'hr@queue.example');
    await seedEmployee(t.db, employer.companyId, { email: 'a.3@queue.example' });

    const queue = await admin().caller.uploads.queue();
    expect(queue).toEqual([
      expect.objectContaining({
        id: uploadId,
        companyName: 'Warteschlange GmbH',
        filename: 'a.csv',
        validCount: 50,
        invalidCount: 1,
        uploadedBy: 'Erika Mustermann',
        cc: 'hr@queue.example',
      }),
    ]);

    const preview = await admin().caller.uploads.queueItem({ id: uploadId });
    expect(preview.summary).toEqual({ toCreate: 49, existing: 1, validationErrors: 1, handled: 51 });
    expect(preview.rows[3]).toMatchObject({ email: 'a.3@queue.example', status: 'existing' });
    expect(preview.rows[50]).toMatchObject({ line: 52, status: 'invalid', reasons: ['invalid_email'] });

    const usersBefore = await countRows(t.db, 'users');
    const result = await admin().caller.uploads.importFromQueue({ id: uploadId });
    expect(result).toMatchObject({ uploadId, existing: 1, created: 49, validationErrors: 1, handled: 51 });
    expect(await countRows(t.db, 'users')).toBe(usersBefore + 49);
    expect(await statusOf(uploadId)).toMatchObject({ status: 'imported', processedAt: expect.any(Date) });
    expect(await admin().caller.uploads.queue()).toEqual([]);
    const [created] = await t.db.select().from(users).where(eq(users.email, 'a.0@queue.example'));
    expect(created).toMatchObject({ firstname: 'Günther', lastname: 'Schön', companyId: employer.companyId });
    expect((await outboxFor(t.db, 'a.0@queue.example'))[0]?.template).toBe('invitation');

    const again = await admin().errorOf(admin().caller.uploads.importFromQueue({ id: uploadId }));
    expect(again.error.code).toBe('CONFLICT');
    expect(again.shape.data.messageKey).toBe('admin_upload.already_processed');
    expect(await countRows(t.db, 'users')).toBe(usersBefore + 49);

    expect(await admin().caller.uploads.sendInformationMail({ id: uploadId, cc: 'Chefin@Queue.example' })).toEqual({
      sentTo: employer.email,
    });
    const [mail] = (await outboxFor(t.db, employer.email)).filter((m) => m.template === 'upload_processed');
    expect(mail?.cc).toBe('chefin@queue.example');
    expect(mail?.subject).toBe('Ihre Mitarbeiterliste für Warteschlange GmbH wurde verarbeitet');
    expect(mail?.text).toContain(
      '51 Zeilen, davon 49 Personen neu angelegt und eingeladen, 1 bereits vorhanden und 1 Zeilen',
    );
    expect(mail?.text).toContain('Zeile 52: keine – E-Mail ungültig');
    expect(mail?.text).toContain('http://localhost:3000/users');
  });

  it('rejects a request without creating anyone; a rejected request can be neither imported nor mailed about', async () => {
    const uploadId = await request('b', 50);
    const usersBefore = await countRows(t.db, 'users');
    expect(await admin().caller.uploads.reject({ id: uploadId })).toEqual({ id: uploadId, status: 'rejected' });
    expect(await statusOf(uploadId)).toMatchObject({ status: 'rejected', processedAt: expect.any(Date) });
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
    // One after the other: a call started before its turn could fail before anything awaits it.
    for (const call of [
      () => admin().caller.uploads.reject({ id: uploadId }),
      () => admin().caller.uploads.importFromQueue({ id: uploadId }),
      () => admin().caller.uploads.queueItem({ id: uploadId }),
    ]) {
      expect((await admin().errorOf(call())).shape.data.messageKey).toBe('admin_upload.already_processed');
    }
    const mail = await admin().errorOf(admin().caller.uploads.sendInformationMail({ id: uploadId }));
    expect(mail.shape.data.messageKey).toBe('admin_upload.not_imported');
    expect((await admin().errorOf(admin().caller.uploads.reject({ id: 'nope' }))).error.code).toBe('NOT_FOUND');
  });

  it('is refused to the policyholder', async () => {
    const uploadId = await request('c', 50);
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect((await errorOf(caller.uploads.importFromQueue({ id: uploadId }))).error.code).toBe('NOT_FOUND');
    expect((await statusOf(uploadId))?.status).toBe('pending');
  });
});

describe('the company picker', () => {
  it('finds companies by name, insurance number or policyholder email, at most 20', async () => {
    const byName = await admin().caller.uploads.searchCompanies({ query: 'schlange' });
    expect(byName).toEqual([
      {
        id: employer.companyId,
        companyName: 'Warteschlange GmbH',
        insuranceNumber: 'AS-0000000042',
        ownerEmail: employer.email,
        ownerName: 'Erika Mustermann',
        orderProcessing: true,
      },
    ]);
    expect((await admin().caller.uploads.searchCompanies({ query: '0000000042' }))[0]?.id).toBe(employer.companyId);
    expect((await admin().caller.uploads.searchCompanies({ query: employer.email }))[0]?.id).toBe(employer.companyId);
    expect(await admin().caller.uploads.searchCompanies({ query: '100%' })).toEqual([]);
    for (let i = 0; i < 21; i++)
      await transaction(t.db, (tx) => tx.insert(companies).values({ companyName: `Masse ${i} AG` }));
    expect(await admin().caller.uploads.searchCompanies({ query: 'Masse' })).toHaveLength(20);
    expect(await admin().caller.uploads.searchCompanies({ query: '' })).toHaveLength(20);
  });
});
