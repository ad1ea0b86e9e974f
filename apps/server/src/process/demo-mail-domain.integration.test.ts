import { createCampaign, loadConfig, startCampaign, type TSessionUser } from '@portal/core';
import { companyMailDomains, eq, users } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { prepareDatabase } from './prepare-database.ts';

/*
 * Issue 37.2: `npm start` on an empty database seeds the demo company with a proven example.com,
 * so that its simulations reach the demo people as before (simulations go only to proven domains).
 */

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('the demo data', () => {
  it('gives the demo company a proven example.com, and a campaign to everyone reaches its people', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      ...(t.dialect === 'postgres' ? { DATABASE_URL: t.location } : { DATABASE_FILE: t.location }),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: 'Leuchtturm-Kompass-Nebel-42',
    });
    // The start prints the demo accounts once.
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await prepareDatabase(t.db, config, silent);
    print.mockRestore();

    const [owner] = await t.db.select().from(users).where(eq(users.email, 'employer@example.com'));
    const companyId = owner?.companyId ?? '';
    const domains = await t.db
      .select({ domain: companyMailDomains.domain, verifiedAt: companyMailDomains.verifiedAt })
      .from(companyMailDomains)
      .where(eq(companyMailDomains.companyId, companyId));
    expect(domains).toEqual([{ domain: 'example.com', verifiedAt: expect.any(Date) }]);

    const actor: TSessionUser = {
      id: owner?.id ?? '',
      role: 'employer',
      companyId,
      email: 'employer@example.com',
      firstname: 'Erik',
      lastname: 'Engel',
      lang: 'de',
    };
    const { id } = await createCampaign(t.db, { user: actor }, companyId, {
      name: 'Demo',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      // Tomorrow: today's hours may be over when the test runs.
      startsOn: addDays(berlinDay(new Date()), 1),
      windowDays: 2,
      startHour: 9,
      endHour: 17,
      trackOpens: false,
      repeat: 'none',
    });
    // The policyholder, the manager and the three employees.
    expect(await startCampaign(t.db, { user: actor }, companyId, id)).toEqual({ planned: 5 });
  });
});
