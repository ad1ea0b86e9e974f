import { courseCatalog, syncCourses } from '@portal/core';
import { courseAssignments, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingReport } from '../../../../docs/examples/api-client-example.ts';
import { createTestDb, seedEmployee, seedEmployer, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { serveApp } from '../test/serve-app.ts';

/*
 * Issue 23, point 5: the typed client's example in docs/ (docs/api-client.md) runs against a live
 * server, through a real socket, as an API user would run it.
 */

let t: TTestDb;
let base: string;
let close = () => {};

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  ({ base, close } = await serveApp(t));
});
afterAll(async () => {
  close();
  await t.cleanup();
});

describe('the API client example (docs/examples/api-client-example.ts)', () => {
  it('signs in, lists the learner’s courses with progress, and checks a certificate code', async () => {
    const employer = await seedEmployer(t.db, { companyName: 'Beispiel GmbH' });
    const learner = await seedEmployee(t.db, employer.companyId, { email: 'client.example@example.com' });
    await transaction(t.db, (tx) =>
      tx.insert(courseAssignments).values([
        { userId: learner.id, courseSlug: 'malware' },
        { userId: learner.id, courseSlug: 'password-security' },
      ]),
    );
    const lines = await trainingReport(base, learner.email, learner.password ?? '');
    const title = (slug: 'malware' | 'password-security') => courseCatalog().get(slug)?.text.en.title;
    expect(lines.slice(0, 2).sort()).toEqual(
      [`${title('malware')}: assigned, 0 %`, `${title('password-security')}: assigned, 0 %`].sort(),
    );
    expect(lines[2]).toBe('certificate ZZZZ-ZZZZ: unknown');
  });

  it('reports a refused sign-in with the portal’s message', async () => {
    await expect(trainingReport(base, 'nobody@example.com', 'Falsches-Passwort-123')).rejects.toThrow(
      /^sign-in refused: /,
    );
  });
});
