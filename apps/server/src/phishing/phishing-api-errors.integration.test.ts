import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedPolicyholder,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/*
 * The phishing calls' refusals over REST (ADR 036) read as a person would: in the caller's
 * language, the campaign's state named in it too, and nothing changed.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let t: TTestDb;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: quiet, webDist: '/nonexistent/web/dist' });
});
afterAll(() => t.cleanup());

const call = (token: string, method: string, path: string, body?: unknown) =>
  app.request(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('phishing refusals', () => {
  it('name the campaign’s state in the caller’s language', async () => {
    const employer = await seedPolicyholder(t.db, 'Zustand GmbH', 'AS-2400000002');
    await seedEmployee(t.db, employer.companyId);
    const created = await call(employer.token, 'POST', '/phishing/campaigns', {
      name: 'Winter',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      firstDay: berlinDay(new Date()),
      windowDays: 2,
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const paused = await call(employer.token, 'POST', `/phishing/campaigns/${id}/pause`);
    expect(paused.status).toBe(409);
    expect(await paused.json()).toMatchObject({
      messageKey: 'phishing.status_conflict',
      message: 'Das geht im Zustand „Entwurf“ dieser Kampagne nicht.',
    });
  });

  it('ask an admin which customer, and say what a missing recipient list needs', async () => {
    const admin = await seedAdmin(t.db);
    const { token } = await sessionFor(t.db, admin);
    const list = await call(token, 'GET', '/phishing/campaigns');
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({
      messageKey: 'phishing.company_required',
      message: 'Bitte wählen Sie das Unternehmen, für das die Kampagne gilt.',
    });
    const employer = await seedPolicyholder(t.db, 'Leer GmbH', 'AS-2400000003');
    const empty = await call(employer.token, 'POST', '/phishing/campaigns', {
      name: 'Niemand',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'people', ids: [] },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('Bitte wählen Sie mindestens eine Person.');
  });
});
