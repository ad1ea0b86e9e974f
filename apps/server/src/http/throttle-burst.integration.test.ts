import { setTimeout as sleep } from 'node:timers/promises';
import { and, auditLog, eq, inArray, loginThrottle, sessions, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  type TTestDb,
  totpCode,
  uniqueEmail,
} from '../../../../packages/api/src/test/test-db.ts';
import { spawnPortal, type TSpawnedPortal } from '../test/spawn-portal.ts';

/*
 * Issue 21.1, ADR 004: a burst of guesses at one account, sent at the same moment to the real
 * server (two processes on PostgreSQL, one on SQLite), is claimed against the limit before any
 * password or code is checked. At most the limit reach the check; the right password or code sent
 * inside the burst, once the lock is in place, is refused. What reached the check is read from the
 * audit log, which every process writes to the one database: 'wrong_password' or 'totp_code' for
 * a checked guess, 'throttled' for a refused one.
 */

const BURST = 100;
const ACCOUNT_LIMIT = 10;

let t: TTestDb;
let portal: TSpawnedPortal;
let base: string;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
  // One proxy in front: each burst comes from an address of its own (X-Forwarded-For).
  portal = await spawnPortal(t, { TRUST_PROXY: '1' });
  base = portal.base;
}, 60_000);

afterAll(async () => {
  await portal?.stop();
  await t?.cleanup();
});

let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

const post = (path: string, body: unknown, address: string) =>
  fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

/** The audit log's reasons of failed sign-ins of one person, counted. */
async function failureReasons(userId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'login.failure')));
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const reason = String(JSON.parse(row.details ?? '{}').reason);
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

async function waitForLock(key: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const [row] = await t.db
      .select({ lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) return;
    await sleep(5);
  }
  throw new Error(`${key} was never locked`);
}

const sessionCount = async (userId: string) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe(`a burst of ${BURST} guesses at once`, () => {
  it('passwords: at most the limit reach the check; the right password inside the burst is refused', async () => {
    const person = await seedEmployee(t.db, companyId);
    const address = freshAddress();
    let pending = BURST;
    const burst = Array.from({ length: BURST }, (_, index) =>
      post('/employee/login', { email: person.email, password: `Falsch-Geraten-${index}` }, address).then(
        async (response) => {
          pending -= 1;
          await response.text();
          return response.status;
        },
      ),
    );
    await waitForLock(`account:${person.email}`);
    // The burst is still running when the right password arrives: the lock holds against it.
    expect(pending).toBeGreaterThan(0);
    const right = await post('/employee/login', { email: person.email, password: STRONG_PASSWORD }, address);
    expect(right.status).toBe(401);
    expect(await right.json()).toMatchObject({ messageKey: 'login.failed' });

    expect(new Set(await Promise.all(burst))).toEqual(new Set([401]));
    const reasons = await failureReasons(person.id);
    expect(reasons.wrong_password).toBeGreaterThan(0);
    expect(reasons.wrong_password).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect((reasons.wrong_password ?? 0) + (reasons.throttled ?? 0)).toBe(BURST + 1);
    expect(await sessionCount(person.id)).toBe(0);
  }, 60_000);

  it('two-factor codes: at most the limit reach the code check; the right code inside the burst is refused', async () => {
    const admin = await seedAdmin(t.db);
    const address = freshAddress();
    const signIn = await post('/appuser/login', { email: admin.email, password: STRONG_PASSWORD }, address);
    const { challengeToken } = (await signIn.json()) as { challengeToken: string };
    expect(challengeToken).toBeTruthy();
    const right = totpCode();
    const wrong = (index: number) => String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0');

    let pending = BURST;
    const burst = Array.from({ length: BURST }, (_, index) =>
      post('/appuser/login-totp', { challengeToken, code: wrong(index) }, address).then(async (response) => {
        pending -= 1;
        await response.text();
        return response.status;
      }),
    );
    await waitForLock(`account:${admin.email}`);
    expect(pending).toBeGreaterThan(0);
    const answer = await post('/appuser/login-totp', { challengeToken, code: right }, address);
    expect(answer.status).toBe(401);

    expect(new Set(await Promise.all(burst))).toEqual(new Set([401]));
    const reasons = await failureReasons(admin.id);
    expect(reasons.totp_code).toBeGreaterThan(0);
    expect(reasons.totp_code).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(await sessionCount(admin.id)).toBe(0);
  }, 60_000);

  it('recovery codes count against the same limit', async () => {
    const admin = await seedAdmin(t.db);
    const address = freshAddress();
    const signIn = await post('/appuser/login', { email: admin.email, password: STRONG_PASSWORD }, address);
    const { challengeToken } = (await signIn.json()) as { challengeToken: string };
    const statuses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        post('/appuser/login-totp', { challengeToken, code: `AAAAA-${String(index).padStart(5, 'B')}` }, address).then(
          (response) => response.status,
        ),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    const reasons = await failureReasons(admin.id);
    expect(reasons.totp_code).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect((reasons.totp_code ?? 0) + (reasons.throttled ?? 0)).toBe(BURST);
  }, 60_000);

  it('password-reset requests: at most the limit are looked at, the answer stays the same', async () => {
    const person = await seedEmployee(t.db, companyId);
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        post('/employee/reset', { email: person.email }, address).then(async (response) => ({
          status: response.status,
          body: await response.text(),
        })),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    const throttled = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset_throttled'), eq(auditLog.ip, address)));
    expect(throttled.length).toBe(BURST - 5);
    const [row] = await t.db
      .select({ attempts: loginThrottle.attempts })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `reset:${person.email}`));
    expect(row?.attempts).toBe(BURST);
  }, 60_000);

  it('registrations: at most the limit of accounts from one address', async () => {
    const address = freshAddress();
    const emails = Array.from({ length: BURST }, () => uniqueEmail('burst.registration'));
    const statuses = await Promise.all(
      emails.map((email) =>
        post(
          '/employee/create-employer',
          {
            firstname: 'Rita',
            lastname: 'Registriert',
            companyName: 'Ansturm GmbH',
            email,
            password: STRONG_PASSWORD,
            confirmPassword: STRONG_PASSWORD,
            confirmLicense: true,
            dataProtectionPolicyAccepted: true,
            orderProcessingAccepted: true,
          },
          address,
        ).then((response) => response.status),
      ),
    );
    const created = statuses.filter((status) => status === 200).length;
    expect(created).toBe(10);
    // Every other registration is refused: 429 by the limit, or 503 when the loaded database made
    // the server turn a request away first (seen in CI on PostgreSQL with other suites running:
    // 79 of the 90 were 429). Nothing else, and never an account more than the limit.
    expect(statuses.filter((status) => status !== 200 && status !== 429 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const accounts = await t.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(accounts).toHaveLength(created);
  }, 90_000);
});
