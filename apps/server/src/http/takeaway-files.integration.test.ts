import { pdfText } from '@portal/certificates/testing';
import { courseCatalog, createProgress, syncCourses } from '@portal/core';
import { courseAssignments, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
let finisher: string;
let starter: TSeededUser & { companyId: string };
let starterToken: string;

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const get = (path: string, token?: string) =>
  app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
/** PDF text joins lines; the rules may wrap anywhere, so whitespace is compared loosely. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  const employer = await seedEmployer(t.db, { companyName: 'Merkblatt GmbH' });
  const done = (await seedEmployee(t.db, employer.companyId, { firstname: 'Jana' })) as typeof starter;
  await completeCourses(t.db, done, ['email-security']);
  finisher = (await sessionFor(t.db, done)).token;
  starter = (await seedEmployee(t.db, employer.companyId, { firstname: 'Ben' })) as typeof starter;
  await completeCourses(t.db, starter, ['malware']);
  starterToken = (await sessionFor(t.db, starter)).token;
});
afterAll(() => t.cleanup());

describe('GET /api/trainings/takeaway/{slug}', () => {
  it("gives a learner who finished the course one page with the course's key rules, in German and English", async () => {
    const course = courseCatalog().get('email-security');
    for (const lang of ['de', 'en'] as const) {
      const response = await get(`/api/trainings/takeaway/email-security?lang=${lang}`, finisher);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const name = lang === 'de' ? 'Merkblatt' : 'Take-away-sheet';
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}-email-security.pdf"`);
      const pdf = Buffer.from(await response.arrayBuffer());
      const text = flat(pdfText(pdf));
      expect(text).toContain(lang === 'de' ? 'Merkblatt' : 'Take-away sheet');
      for (const rule of course?.text[lang].keyRules ?? []) expect(text).toContain(flat(rule));
      // One page: pdftotext separates pages with a form feed.
      expect(
        pdfText(pdf)
          .split('\f')
          .filter((page) => page.trim()).length,
      ).toBe(1);
    }
    expect(course?.text.de.keyRules.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 404 before the course is finished, for an unknown course, and 401 without a session', async () => {
    // Assigned and started, not finished.
    await transaction(t.db, (tx) =>
      tx.insert(courseAssignments).values({ userId: starter.id, courseSlug: 'email-security' }),
    );
    await createProgress(t.db, { ...starter, lang: 'de' }, 'email-security');
    expect((await get('/api/trainings/takeaway/email-security', starterToken)).status).toBe(404);
    expect((await get('/api/trainings/takeaway/no-such-course', finisher)).status).toBe(404);
    expect((await get('/api/trainings/takeaway/email-security')).status).toBe(401);
    expect((await get('/api/trainings/takeaway/malware', starterToken)).status).toBe(200);
  });
});
