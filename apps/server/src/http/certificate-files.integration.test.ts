import { pdfText } from '@portal/certificates/testing';
import { syncCourses } from '@portal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  completeCourses,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let holder: TSeededUser & { companyId: string };
let holderToken: string;
let code: string;

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const SLUGS = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  const employer = await seedEmployer(t.db, { companyName: 'Datei GmbH' });
  holder = (await seedEmployee(t.db, employer.companyId, { firstname: 'Zoë', lastname: 'Weiß' })) as typeof holder;
  await completeCourses(t.db, holder, SLUGS);
  holderToken = (await sessionFor(t.db, holder)).token;
  code = (await callerFor(t.db, { token: holderToken }).caller.certificates.issuePersonal()).code;
});
afterAll(() => t.cleanup());

const get = (path: string, token?: string) =>
  app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/certificates/pdf/{code}', () => {
  it('gives the holder the PDF with type and file name, in German by default and in English when asked', async () => {
    const response = await get(`/api/certificates/pdf/${code}`, holderToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Zertifikat-${code}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Zoë Weiß');
    expect(text).toContain(code);

    const english = await get(`/api/certificates/pdf/${code.toLowerCase()}?lang=en`, holderToken);
    expect(english.headers.get('content-disposition')).toBe(`attachment; filename="Certificate-${code}.pdf"`);
    expect(pdfText(Buffer.from(await english.arrayBuffer()))).toContain('This is to certify that');
  });

  it('answers 404 to another company’s user and to a colleague, 404 for an unknown code, 401 without a session', async () => {
    const foreign = await seedEmployer(t.db, { companyName: 'Andere AG' });
    const colleague = await seedEmployee(t.db, holder.companyId);
    for (const token of [foreign.token, (await sessionFor(t.db, colleague)).token]) {
      const response = await get(`/api/certificates/pdf/${code}`, token);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = await response.text();
      expect(body).not.toContain('Weiß');
      expect((await get(`/api/certificates/preview/${code}`, token)).status).toBe(404);
    }
    expect((await get('/api/certificates/pdf/ABCD-EFGH-JKLM', holderToken)).status).toBe(404);
    expect((await get(`/api/certificates/pdf/${code}`)).status).toBe(401);
  });
});

describe('GET /api/certificates/preview/{code}', () => {
  it('gives the holder a PNG preview', async () => {
    const response = await get(`/api/certificates/preview/${code}`, holderToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1200);
  });
});
