import { createApiKey, revokeApiKey, syncCourses } from '@portal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioReport } from '../../../../docs/examples/insurer-api-example.ts';
import { createTestDb, seedAdmin, seedPolicyholder, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { serveApp } from '../test/serve-app.ts';

/*
 * Issue 23, point 5: the insurer API's example in docs/ (docs/insurer-api.md) runs against a live
 * server, through a real socket, with a real key, as the insurer's developers would run it.
 */

let t: TTestDb;
let base: string;
let close = () => {};
let admin: Awaited<ReturnType<typeof seedAdmin>>;
const asActor = () => ({ ...admin, role: 'admin' as const, companyId: null, lang: 'de' as const });

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  admin = await seedAdmin(t.db);
  ({ base, close } = await serveApp(t));
});
afterAll(async () => {
  close();
  await t.cleanup();
});

describe('the insurer API example (docs/examples/insurer-api-example.ts)', () => {
  it('reads every policy over several pages, then one policy with its due counts', async () => {
    // 205 policies: two pages of 200.
    for (let n = 0; n < 205; n += 1) {
      await seedPolicyholder(t.db, `Beispiel ${n} GmbH`, `AS-8${String(n).padStart(9, '0')}`);
    }
    const { token } = await createApiKey(t.db, asActor(), { name: 'Beispiel' }, { ip: '192.0.2.1' });
    const lines = await portfolioReport(base, token, 'AS-8000000007');
    expect(lines).toHaveLength(206);
    expect(lines[0]).toBe('AS-8000000000 Beispiel 0 GmbH: 0 % completed, proof none');
    expect(lines[204]).toBe('AS-8000000204 Beispiel 204 GmbH: 0 % completed, proof none');
    expect(lines[205]).toBe('AS-8000000007: not counted yet');
    expect(new Set(lines.slice(0, 205)).size).toBe(205);

    const unknown = await portfolioReport(base, token, 'AS-8999999999');
    expect(unknown.at(-1)).toBe('AS-8999999999: 404 No policyholder has given this policy number.');
  }, 120_000);

  it('reports a revoked key with the portal’s message', async () => {
    const { token, key } = await createApiKey(t.db, asActor(), { name: 'Alt' }, { ip: '192.0.2.1' });
    await revokeApiKey(t.db, asActor(), key.id, { ip: '192.0.2.1' });
    await expect(portfolioReport(base, token, 'AS-8000000007')).rejects.toThrow(
      'the portfolio could not be read: This API key has been revoked. Please ask the provider for a new one.',
    );
  });
});
