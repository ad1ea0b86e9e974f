import { loadConfig } from '@portal/core';
import { auditLog, desc, eq } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_PUBLIC_URL, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/**
 * ADR 004 through the real app: the address a failed sign-in is recorded under (audit log; the
 * sign-in limit per address takes the same value from the request context) is the one the
 * trusted proxy appended, not what the client wrote into X-Forwarded-For. The unit cases are in
 * client-ip.test.ts.
 */

let t: TTestDb;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const appWith = (TRUST_PROXY: string) =>
  createApp({
    db: t.db,
    config: loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      ...(t.dialect === 'postgres' ? { DATABASE_URL: t.location } : { DATABASE_FILE: t.location }),
      LOG_LEVEL: 'silent',
      TRUST_PROXY,
    }),
    logger: silent,
    webDist: '/nonexistent/web/dist',
  });

let attempt = 0;
/** A failed sign-in from `socket` with that X-Forwarded-For; the address its audit entry holds. */
async function recordedAddress(app: ReturnType<typeof appWith>, forwardedFor: string, socket: string) {
  const email = `niemand.${++attempt}@example.org`;
  const response = await app.request(
    '/api/employee/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password: 'falsch-falsch-falsch' }),
    },
    { incoming: { socket: { remoteAddress: socket } } },
  );
  expect(response.status).toBe(401);
  const [entry] = await t.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.action, 'login.failure'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry?.ip;
}

describe('the client address of a sign-in behind a proxy', () => {
  it('one appending proxy (TRUST_PROXY=1): the address it appended, not the forged one on the left', async () => {
    expect(await recordedAddress(appWith('1'), '192.0.2.66, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
  });

  it('trusted proxy addresses: the first untrusted from the right; a peer outside the list is the client', async () => {
    const app = appWith('10.0.0.0/8');
    expect(await recordedAddress(app, '192.0.2.66, 203.0.113.8, 10.0.0.3', '10.0.0.2')).toBe('203.0.113.8');
    expect(await recordedAddress(app, '192.0.2.66', '198.51.100.20')).toBe('198.51.100.20');
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    expect(await recordedAddress(appWith('false'), '192.0.2.66, 203.0.113.7', '198.51.100.21')).toBe('198.51.100.21');
  });
});
