import { employeeUploads, eq, mailOutbox } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let adminToken: string;
let employer: TSeededUser & { companyId: string; token: string };

const silent = { info: () => {}, warn: () => {}, error: () => {} };

interface TRow {
  line: number;
  status?: string;
  outcome?: string;
  reasons: string[];
}
type TBody = Record<string, unknown> & { rows: TRow[]; report: TRow[]; message: string; uploadId: string };
const json = async (response: Response) => (await response.json()) as TBody;

const csv = (rows: number, extra: string[] = []) =>
  `\uFEFFVorname;Nachname;E-Mail\r\n${[
    ...Array.from({ length: rows }, (_, i) => `jürgen;weiß;jw.${i}@admin-upload.example`),
    ...extra,
  ].join('\r\n')}\r\n`;

function upload(
  token: string | undefined,
  content: string,
  options: { companyId?: string; confirm?: boolean; name?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.set('file', new File([content], options.name ?? 'liste.csv', { type: 'text/csv' }));
  form.set('companyId', options.companyId ?? employer.companyId);
  if (options.confirm) form.set('confirm', 'true');
  return app.request('/api/admin/upload-employee-list', {
    method: 'POST',
    body: form,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  adminToken = (await sessionFor(t.db, await seedAdmin(t.db))).token;
  employer = await seedEmployer(t.db, { companyName: 'Hochlade GmbH' });
  await seedEmployee(t.db, employer.companyId, { email: 'jw.7@admin-upload.example' });
  const other = await seedEmployer(t.db, { companyName: 'Fremd AG' });
  await seedEmployee(t.db, other.companyId, { email: 'vergeben@admin-upload.example' });
});
afterAll(() => t.cleanup());

describe('POST /api/admin/upload-employee-list', () => {
  it('previews each row (new, existing, taken, invalid) and stores nothing', async () => {
    const before = await countRows(t.db, 'users');
    const response = await upload(adminToken, csv(52, ['Vera;Vergeben;vergeben@admin-upload.example', 'A;B;kaputt']));
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      problem: null,
      message: null,
      filename: 'liste.csv',
      companyId: employer.companyId,
      companyName: 'Hochlade GmbH',
      orderProcessing: true,
      summary: { toCreate: 51, existing: 1, validationErrors: 2, handled: 54 },
    });
    expect(body.rows[0]).toMatchObject({ line: 2, firstname: 'Jürgen', lastname: 'Weiß', status: 'new', reasons: [] });
    expect(body.rows[7]).toMatchObject({ status: 'existing' });
    expect(body.rows[52]).toMatchObject({ status: 'invalid', reasons: ['email_taken'] });
    expect(body.rows[53]).toMatchObject({ status: 'invalid', reasons: ['invalid_email'] });
    expect(await countRows(t.db, 'users')).toBe(before);
    expect(await countRows(t.db, 'employee_uploads')).toBe(0);
  });

  it('says what is wrong with a file in the preview and refuses to import it', async () => {
    const preview = await json(await upload(adminToken, csv(10), { headers: { 'accept-language': 'en' } }));
    expect(preview).toMatchObject({ problem: 'too_few_rows', summary: { handled: 10 } });
    expect(preview.message).toContain('at least 50');
    const confirmed = await upload(adminToken, csv(10), { confirm: true });
    expect(confirmed.status).toBe(400);
    expect(await confirmed.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      messageKey: 'upload.too_few_rows',
      issues: null,
    });
    const unknown = await upload(adminToken, csv(50), { companyId: 'no-such-company' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', messageKey: 'errors.NOT_FOUND' });
  });

  it('imports on confirm and answers the result metadata with the per-row report', async () => {
    const response = await upload(adminToken, csv(52, ['Vera;Vergeben;vergeben@admin-upload.example']), {
      confirm: true,
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ existing: 1, created: 51, validationErrors: 1, handled: 53 });
    expect(body.report).toHaveLength(53);
    expect(body.report[52]).toMatchObject({ outcome: 'invalid', reasons: ['email_taken'] });
    const [stored] = await t.db.select().from(employeeUploads).where(eq(employeeUploads.id, body.uploadId));
    expect(stored).toMatchObject({ status: 'imported', companyId: employer.companyId, filename: 'liste.csv' });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invitation'))).toHaveLength(51);

    const again = await json(await upload(adminToken, csv(52), { confirm: true }));
    expect(again).toMatchObject({ existing: 52, created: 0, validationErrors: 0, handled: 52 });
  });

  it('is for admins only: 401 without a session, 404 for every other role', async () => {
    const before = await countRows(t.db, 'users');
    const noSession = await upload(undefined, csv(50), { confirm: true });
    expect(noSession.status).toBe(401);
    expect(await noSession.json()).toMatchObject({ success: false, code: 'AUTHORIZATION_REQUIRED' });
    const manager = (await sessionFor(t.db, await seedEmployee(t.db, employer.companyId, { role: 'manager' }))).token;
    for (const token of [employer.token, manager]) {
      const response = await upload(token, csv(50), { confirm: true });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', messageKey: 'errors.NOT_FOUND' });
    }
    expect(await countRows(t.db, 'users')).toBe(before + 1);
  });

  it('refuses a cookie-authenticated upload from another site (CSRF)', async () => {
    const response = await upload(undefined, csv(50), {
      confirm: true,
      headers: { cookie: `session=${adminToken}`, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN', messageKey: 'errors.CSRF' });
  });
});
