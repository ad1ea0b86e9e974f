import * as argon2 from '@node-rs/argon2';
import { loadConfig, type TConfig } from '@portal/core';
import { eq, loginThrottle, transaction } from '@portal/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countRows,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  TEST_PUBLIC_URL,
  type TSeededUser,
  type TTestDb,
  uniqueEmail,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/**
 * DECISIONS.md "Accounts and passwords", over HTTP through the real app:
 * - sign-in: a locked account, a wrong password, an unknown email (and a blocked account, an
 *   account without a password yet, the wrong door) get the same answer — status, body and
 *   headers — after the same work: exactly one argon2 verification each (a dummy hash for
 *   unknown emails), and roughly the same time;
 * - reset request: the same answer whether the email exists or not, and no password hashing
 *   on either path;
 * - throttling per account and per address, kept in the database: it holds for a second server
 *   process on the same file, forged X-Forwarded-For does not escape it, old failures expire.
 * The rules' procedure-level tests are in login.integration.test.ts and
 * reset-password.integration.test.ts; this adds the HTTP answer, the work done and the time.
 */

// Counts argon2 calls made by the server (packages/core/src/auth/password-hash.ts).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify), hash: vi.fn(actual.hash) };
});
const argon = argon2 as unknown as { verify: ReturnType<typeof vi.fn>; hash: ReturnType<typeof vi.fn> };

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let config: TConfig;
let companyId: string;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Behind a trusted proxy, so each test can sign in from its own address (X-Forwarded-For). */
const configFor = (database: TTestDb, trustProxy: boolean) =>
  loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...(database.dialect === 'postgres' ? { DATABASE_URL: database.location } : { DATABASE_FILE: database.location }),
    LOG_LEVEL: 'silent',
    TRUST_PROXY: trustProxy ? 'true' : 'false',
  });

let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

beforeAll(async () => {
  t = await createTestDb();
  config = configFor(t, true);
  app = createApp({ db: t.db, config, logger: silent, webDist: '/nonexistent/web/dist' });
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());
beforeEach(() => {
  argon.verify.mockClear();
  argon.hash.mockClear();
});

interface TAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
  verifies: number;
  hashes: number;
  ms: number;
}

/** One POST; the answer without the headers that differ per request by nature (date). */
async function post(path: string, body: unknown, address: string, target = app): Promise<TAnswer> {
  const verifies = argon.verify.mock.calls.length;
  const hashes = argon.hash.mock.calls.length;
  const started = performance.now();
  const response = await target.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const headers = Object.fromEntries([...response.headers.entries()].filter(([name]) => name !== 'date'));
  return {
    status: response.status,
    body: text,
    headers,
    verifies: argon.verify.mock.calls.length - verifies,
    hashes: argon.hash.mock.calls.length - hashes,
    ms,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A customer whose account was locked by ten failures (from other addresses than the probe's). */
async function lockedCustomer(): Promise<TSeededUser> {
  const person = await seedEmployee(t.db, companyId);
  for (let i = 0; i < 10; i++) {
    await post('/api/employee/login', { email: person.email, password: `falsch-${i}` }, freshAddress());
  }
  const [row] = await t.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `account:${person.email}`));
  expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  return person;
}

describe('sign-in failures all look the same', () => {
  it('over REST: same status, body and headers, one argon2 verification each, no session', async () => {
    // The dummy hash is made on the first unknown email after start (ADR 004); not measured.
    await post('/api/employee/login', { email: 'aufwaermen@example.com', password: 'x' }, freshAddress());

    const known = await seedEmployee(t.db, companyId);
    const blocked = await seedEmployee(t.db, companyId, { locked: true });
    const invited = await seedEmployee(t.db, companyId, { password: null });
    const admin = await seedAdmin(t.db);
    const locked = await lockedCustomer();
    const cases: Record<string, { email: string; password: string }> = {
      'unknown email': { email: uniqueEmail('niemand'), password: STRONG_PASSWORD },
      'wrong password': { email: known.email, password: OTHER_STRONG_PASSWORD },
      'locked account, right password': { email: locked.email, password: STRONG_PASSWORD },
      'blocked account, right password': { email: blocked.email, password: STRONG_PASSWORD },
      'invited, no password yet': { email: invited.email, password: STRONG_PASSWORD },
      'admin at the customer door, right password': { email: admin.email, password: STRONG_PASSWORD },
    };
    const sessionsBefore = await countRows(t.db, 'sessions');
    const answers: Record<string, TAnswer> = {};
    for (const [name, body] of Object.entries(cases)) {
      answers[name] = await post('/api/employee/login', body, freshAddress());
    }
    const reference = answers['unknown email'];
    expect(reference?.status).toBe(401);
    expect(JSON.parse(reference?.body ?? '{}')).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'Zugangsdaten falsch',
      messageKey: 'login.failed',
      issues: null,
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, status: answer.status, body: answer.body, headers: answer.headers }).toEqual({
        name,
        status: reference?.status,
        body: reference?.body,
        headers: reference?.headers,
      });
      expect(answer.headers['set-cookie'], name).toBeUndefined();
      expect({ name, verifies: answer.verifies, hashes: answer.hashes }).toEqual({ name, verifies: 1, hashes: 0 });
    }
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
  });

  it('over /trpc (the web app) and at the admin door too', async () => {
    const known = await seedEmployee(t.db, companyId);
    const admin = await seedAdmin(t.db);
    const trpc = [
      { email: uniqueEmail('niemand'), password: STRONG_PASSWORD },
      { email: known.email, password: OTHER_STRONG_PASSWORD },
      { email: admin.email, password: STRONG_PASSWORD },
    ];
    const webAnswers = [];
    for (const body of trpc) webAnswers.push(await post('/trpc/employee.login', body, freshAddress()));
    const adminDoor = [
      { email: uniqueEmail('niemand'), password: STRONG_PASSWORD },
      { email: admin.email, password: OTHER_STRONG_PASSWORD },
      { email: known.email, password: STRONG_PASSWORD },
    ];
    const adminAnswers = [];
    for (const body of adminDoor) adminAnswers.push(await post('/api/appuser/login', body, freshAddress()));
    for (const answers of [webAnswers, adminAnswers]) {
      const [first] = answers;
      expect(first?.status).toBe(401);
      for (const answer of answers) {
        expect({ status: answer.status, body: answer.body, headers: answer.headers }).toEqual({
          status: first?.status,
          body: first?.body,
          headers: first?.headers,
        });
        expect(answer.verifies).toBe(1);
      }
    }
    expect(JSON.parse(webAnswers[0]?.body ?? '{}').error.data.messageKey).toBe('login.failed');
  });

  it('an unknown email takes about as long as a wrong password (the dummy verification)', async () => {
    const known = await seedEmployee(t.db, companyId);
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so that load on the machine hits both alike; medians against outliers.
    for (let i = 0; i < 7; i++) {
      unknown.push((await post('/api/employee/login', { email: uniqueEmail('x'), password: 'a' }, freshAddress())).ms);
      wrong.push((await post('/api/employee/login', { email: known.email, password: `b-${i}` }, freshAddress())).ms);
    }
    // Without the dummy verification an unknown email answers in ~1 ms against tens of ms.
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown)} ms, wrong password ${median(wrong)} ms`).toBeGreaterThan(0.5);
    expect(ratio, `unknown ${median(unknown)} ms, wrong password ${median(wrong)} ms`).toBeLessThan(2);
  });
});

describe('reset requests all look the same', () => {
  it('same status, body and headers for every email, no password hashing, similar time', async () => {
    const blocked = await seedEmployee(t.db, companyId, { locked: true });
    const invited = await seedEmployee(t.db, companyId, { password: null });
    const admin = await seedAdmin(t.db);
    const cases = async (door: 'employee' | 'appuser') => ({
      unknown: uniqueEmail('niemand'),
      // A fresh account each time: its request really queues a mail (the slower path).
      known: door === 'employee' ? (await seedEmployee(t.db, companyId)).email : (await seedAdmin(t.db)).email,
      blocked: blocked.email,
      invited: invited.email,
      'other door': door === 'employee' ? admin.email : blocked.email,
    });
    for (const door of ['employee', 'appuser'] as const) {
      const mailsBefore = await countRows(t.db, 'mail_outbox');
      const answers: Record<string, TAnswer> = {};
      for (const [name, email] of Object.entries(await cases(door))) {
        answers[name] = await post(`/api/${door}/reset`, { email }, freshAddress());
      }
      expect(await countRows(t.db, 'mail_outbox')).toBe(mailsBefore + 1);
      const reference = answers.unknown;
      expect(reference?.status).toBe(200);
      expect(JSON.parse(reference?.body ?? '{}')).toMatchObject({ success: true });
      for (const [name, answer] of Object.entries(answers)) {
        expect({ name, status: answer.status, body: answer.body, headers: answer.headers }).toEqual({
          name,
          status: reference?.status,
          body: reference?.body,
          headers: reference?.headers,
        });
        expect({ name, verifies: answer.verifies, hashes: answer.hashes }).toEqual({ name, verifies: 0, hashes: 0 });
      }
    }

    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push((await post('/api/employee/reset', { email: uniqueEmail('x') }, freshAddress())).ms);
      const email = (await seedEmployee(t.db, companyId)).email;
      known.push((await post('/api/employee/reset', { email }, freshAddress())).ms);
    }
    // ADR 005: a known email costs one insert and a mail template more, no hashing.
    expect(
      Math.abs(median(known) - median(unknown)),
      `known ${median(known)} ms, unknown ${median(unknown)} ms`,
    ).toBeLessThan(50);
  });
});

describe('throttling', () => {
  it('fifty failures from one address lock that address for every account, not others', async () => {
    const address = freshAddress();
    for (let i = 0; i < 50; i++) {
      await post('/api/employee/login', { email: uniqueEmail('geraten'), password: 'falsch' }, address);
    }
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `ip:${address}`));
    expect(row?.attempts).toBe(50);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);

    const colleague = await seedEmployee(t.db, companyId);
    const refused = await post('/api/employee/login', { email: colleague.email, password: STRONG_PASSWORD }, address);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).messageKey).toBe('login.failed');
    // The account itself is not locked: from another address it signs in.
    const elsewhere = await post(
      '/api/employee/login',
      { email: colleague.email, password: STRONG_PASSWORD },
      freshAddress(),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('holds for a second server process on the same database', async () => {
    const locked = await lockedCustomer();
    // Another process: its own connections and app, nothing shared in memory (closed by cleanup).
    const otherDb = t.openAnother();
    const other = createApp({ db: otherDb, config, logger: silent, webDist: '/nonexistent/web/dist' });
    const refused = await post(
      '/api/employee/login',
      { email: locked.email, password: STRONG_PASSWORD },
      freshAddress(),
      other,
    );
    expect(refused.status).toBe(401);
    // Once the lock has run out (moved into the past), the other process lets the person in.
    await transaction(otherDb, (tx) =>
      tx
        .update(loginThrottle)
        .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(loginThrottle.key, `account:${locked.email}`)),
    );
    const allowed = await post(
      '/api/employee/login',
      { email: locked.email, password: STRONG_PASSWORD },
      freshAddress(),
      app,
    );
    expect(allowed.status).toBe(200);
  });

  it('failures older than the 15-minute window do not count', async () => {
    const person = await seedEmployee(t.db, companyId);
    for (let i = 0; i < 9; i++) {
      await post('/api/employee/login', { email: person.email, password: `falsch-${i}` }, freshAddress());
    }
    await transaction(t.db, (tx) =>
      tx
        .update(loginThrottle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(loginThrottle.key, `account:${person.email}`)),
    );
    await post('/api/employee/login', { email: person.email, password: 'falsch-10' }, freshAddress());
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${person.email}`));
    expect(row?.attempts).toBe(1);
    expect(row?.lockedUntil).toBeNull();
    expect(
      (await post('/api/employee/login', { email: person.email, password: STRONG_PASSWORD }, freshAddress())).status,
    ).toBe(200);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For gives no fresh address', async () => {
    const own = await createTestDb();
    try {
      const direct = createApp({
        db: own.db,
        config: configFor(own, false),
        logger: silent,
        webDist: '/nonexistent/web/dist',
      });
      const { companyId: company } = await seedEmployer(own.db);
      const person = await seedEmployee(own.db, company);
      for (let i = 0; i < 50; i++) {
        await post(
          '/api/employee/login',
          { email: `geraten.${i}@example.com`, password: 'falsch' },
          `198.51.100.${i}`,
          direct,
        );
      }
      // Every attempt counted against the socket's address, whatever the header said.
      const rows = (await own.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key);
      expect(rows.filter((key) => key.startsWith('ip:'))).toEqual(['ip:local']);
      const refused = await post(
        '/api/employee/login',
        { email: person.email, password: STRONG_PASSWORD },
        '192.0.2.99',
        direct,
      );
      expect(refused.status).toBe(401);
    } finally {
      await own.cleanup();
    }
  });
});
