import { createApiKey } from '@portal/core';
import { and, auditLog, eq } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, seedAdmin, seedPolicyholder, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { spawnPortal, type TSpawnedPortal } from '../test/spawn-portal.ts';

/*
 * Issue 23, point 2 (ADR 035): the rate limit holds per key over all server processes. A burst of
 * calls with one key, sent at once to the real server (two processes on PostgreSQL, one on
 * SQLite): exactly the limit are answered, the rest get 429 with Retry-After; a second key has a
 * limit of its own. The audit log, written by every process to the one database, shows each
 * answered call and the first refusal.
 */

const LIMIT = 20;
const BURST = 60;

let t: TTestDb;
let portal: TSpawnedPortal;
let admin: Awaited<ReturnType<typeof seedAdmin>>;

beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAdmin(t.db);
  await seedPolicyholder(t.db, 'Grenze GmbH', 'AS-6100000001');
  portal = await spawnPortal(t, { API_KEY_CALLS_PER_MINUTE: String(LIMIT) });
}, 60_000);

afterAll(async () => {
  await portal?.stop();
  await t?.cleanup();
});

const newKey = async (name: string) =>
  createApiKey(t.db, { ...admin, role: 'admin', companyId: null, lang: 'de' }, { name }, { ip: '192.0.2.1' });

const burst = (token: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const path = index % 2 === 0 ? '/api/insurer/policies?limit=5' : '/api/insurer/policies/AS-6100000001';
      const response = await fetch(`${portal.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { messageKey?: string };
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
    }),
  );

describe(`a burst of ${BURST} calls with one key, limit ${LIMIT} a minute`, () => {
  it('answers exactly the limit over all processes; the rest get 429 with Retry-After', async () => {
    const { token, key } = await newKey('Burst');
    const answers = await burst(token, BURST);
    const ok = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(limited).toHaveLength(BURST - LIMIT);
    for (const answer of limited) {
      expect(answer.body.messageKey).toBe('api_key.rate_limited');
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    }

    // Another key is not held back by the first one's calls.
    const other = await newKey('Nebenan');
    const otherAnswers = await burst(other.token, 5);
    expect(otherAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    const logged = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, key.id)));
    expect(logged.filter((entry) => entry.action === 'api_key.call')).toHaveLength(LIMIT);
    const refused = logged.filter((entry) => entry.action === 'api_key.refused');
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]?.details ?? '{}')).toMatchObject({ status: 429, reason: 'rate_limited' });
  });
});
