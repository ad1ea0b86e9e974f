import { gunzipSync } from 'node:zlib';
import { syncCourses } from '@portal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeCourses,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import { COMPRESS_FROM_BYTES } from './compress-large-reads.ts';

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let token: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  const employer = await seedEmployer(t.db, { companyName: 'Kompression GmbH' });
  const learner = await seedEmployee(t.db, employer.companyId);
  await completeCourses(t.db, learner as typeof learner & { companyId: string }, ['email-security']);
  token = (await sessionFor(t.db, learner)).token;
});
afterAll(() => t.cleanup());

describe('compressed API reads (ADR 031)', () => {
  it('sends a course gzip-compressed to a client that accepts it, and plain JSON to one that does not', async () => {
    const path = '/api/trainings/get-training/email-security?lang=de';
    const headers = { authorization: `Bearer ${token}` };
    const packed = await app.request(path, { headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await packed.arrayBuffer());
    const plain = await app.request(path, { headers });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(gunzipSync(bytes).toString()).toBe(text);
    // A course with its exercises: a fraction of the bytes on a phone network.
    expect(bytes.length).toBeLessThan(text.length / 2);
  });

  it('leaves small reads, writes and files as they are', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const list = await app.request('/api/trainings/get-trainings?lang=de', { headers });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBeNull();
    expect((await list.text()).length).toBeLessThan(COMPRESS_FROM_BYTES);
    const pdf = await app.request('/api/trainings/takeaway/email-security', { headers });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-encoding')).toBeNull();
    const write = await app.request('/trpc/progress.create?batch=1', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: t.config.publicUrl },
      body: JSON.stringify({ 0: { trainingSlug: 'email-security' } }),
    });
    expect(write.status).toBe(200);
    expect(write.headers.get('content-encoding')).toBeNull();
  });
});
