import { auditLog, desc, eq, loginThrottle, sessions, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  type TTestDb,
  totpCode,
} from '../../test/test-db.ts';

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

/** Each throttle-sensitive test gets its own address, so per-IP counts never leak between tests. */
let ipCounter = 10;
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('employee.login (customers)', () => {
  it('answers the spec session shape and stores the session', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const before = Date.now();
    const { caller } = callerFor(t.db, { ip: freshIp() });
    const answer = await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });

    if (!('id' in answer)) throw new Error('expected a session answer');
    expect(answer.userId).toBe(employee.id);
    expect(answer.ttl).toBe(3600);
    expect(answer.lang).toBe('de');
    expect(answer.role).toBe('employee');
    const created = Date.parse(answer.created);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(created).toISOString()).toBe(answer.created);

    // REST callers get the token `id.secret`; only its id is a database key.
    const [sessionId, secret] = answer.id.split('.');
    expect(secret?.length).toBeGreaterThan(40);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId ?? ''));
    expect(row?.userId).toBe(employee.id);
    expect(row?.ttl).toBe(3600);
    expect(row?.secretHash).not.toContain(secret ?? '');

    const [success] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, employee.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(success?.action).toBe('login.success');
  });

  it('accepts the email in any case and with spaces', async () => {
    const employee = await seedEmployee(t.db, companyId, { lang: 'en' });
    const { caller } = callerFor(t.db, { ip: freshIp() });
    const answer = await caller.employee.login({
      email: `  ${employee.email.toUpperCase()} `,
      password: STRONG_PASSWORD,
    });
    expect(answer).toMatchObject({ userId: employee.id, lang: 'en' });
  });

  it('over /trpc puts the token only into an HttpOnly cookie', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller, cookies } = callerFor(t.db, { via: 'trpc', ip: freshIp() });
    const answer = await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });
    if (!('id' in answer)) throw new Error('expected a session answer');
    expect(answer.id).not.toContain('.');
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0] ?? '';
    expect(cookie).toMatch(/^session=[a-z0-9]+\.[a-z0-9]+; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=43200');
    const token = /^session=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(token.startsWith(`${answer.id}.`)).toBe(true);

    const browser = callerFor(t.db, { token, auth: 'cookie', headers: { 'sec-fetch-site': 'same-origin' } });
    expect((await browser.caller.employee.get({ id: employee.id })).email).toBe(employee.email);
  });

  it('an admin cannot sign in here', async () => {
    const admin = await seedAdmin(t.db);
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const { error, shape } = await errorOf(caller.employee.login({ email: admin.email, password: STRONG_PASSWORD }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.data.messageKey).toBe('login.failed');
  });
});

describe('appuser.login (admins)', () => {
  it('signs an admin in with password and authenticator code, with the admin idle timeout', async () => {
    const admin = await seedAdmin(t.db);
    const { caller } = callerFor(t.db, { ip: freshIp() });
    const sessionsBefore = await countRows(t.db, 'sessions');
    const challenge = await caller.appuser.login({ email: admin.email, password: STRONG_PASSWORD });
    expect(challenge).toMatchObject({ totpRequired: true, setupRequired: false });
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
    if (!('challengeToken' in challenge)) throw new Error('expected a TOTP challenge');
    const answer = await caller.appuser.loginTotp({ challengeToken: challenge.challengeToken, code: totpCode() });
    expect(answer).toMatchObject({ userId: admin.id, ttl: 1800, role: 'admin', lang: 'de' });
  });

  it.each(['employee', 'manager'] as const)('refuses a customer (%s)', async (role) => {
    const customer = await seedEmployee(t.db, companyId, { role });
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const sessionsBefore = await countRows(t.db, 'sessions');
    const { error, shape } = await errorOf(caller.appuser.login({ email: customer.email, password: STRONG_PASSWORD }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.data.messageKey).toBe('login.failed');
    expect(shape.message).toBe('Zugangsdaten falsch');
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
  });

  it('refuses the employer too', async () => {
    const employer = await seedEmployer(t.db);
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const { error } = await errorOf(caller.appuser.login({ email: employer.email, password: STRONG_PASSWORD }));
    expect(error.code).toBe('UNAUTHORIZED');
  });
});

describe('every failure looks the same', () => {
  it('wrong password, unknown email and a blocked account answer 401 "Zugangsdaten falsch"', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const blocked = await seedEmployee(t.db, companyId, { locked: true });
    const ip = freshIp();
    const attempts = [
      { email: employee.email, password: OTHER_STRONG_PASSWORD },
      { email: 'nobody.here@example.com', password: STRONG_PASSWORD },
      { email: blocked.email, password: STRONG_PASSWORD },
    ];
    const sessionsBefore = await countRows(t.db, 'sessions');
    const answers = [];
    for (const attempt of attempts) {
      const { caller, errorOf } = callerFor(t.db, { ip });
      const { error, shape } = await errorOf(caller.employee.login(attempt));
      answers.push({
        code: error.code,
        message: shape.message,
        key: shape.data.messageKey,
        status: shape.data.httpStatus,
      });
    }
    expect(answers).toEqual(
      attempts.map(() => ({ code: 'UNAUTHORIZED', message: 'Zugangsdaten falsch', key: 'login.failed', status: 401 })),
    );
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);

    const reasons = (
      await t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'login.failure'))
        .orderBy(desc(auditLog.id))
        .limit(3)
    )
      .map((row) => JSON.parse(row.details ?? '{}').reason)
      .reverse();
    expect(reasons).toEqual(['wrong_password', 'unknown_email', 'blocked']);
  });

  it('answers in English with Accept-Language en', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp(), acceptLanguage: 'en-GB,en;q=0.9' });
    const { error, shape } = await errorOf(
      caller.employee.login({ email: employee.email, password: 'wrong-password' }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.message).toBe('Wrong credentials');
    expect(shape.data.messageKey).toBe('login.failed');
  });

  it('locks an account after 10 failures, even against the right password', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const { caller, errorOf } = callerFor(t.db, { ip });
      const { error } = await errorOf(caller.employee.login({ email: employee.email, password: `wrong-${i}` }));
      expect(error.code).toBe('UNAUTHORIZED');
    }
    const [lock] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${employee.email}`));
    expect(lock?.attempts).toBe(10);
    expect(lock?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);

    // The right password, from another address: still the same answer.
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const { error, shape } = await errorOf(caller.employee.login({ email: employee.email, password: STRONG_PASSWORD }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.message).toBe('Zugangsdaten falsch');
    const [last] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, employee.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.parse(last?.details ?? '{}').reason).toBe('throttled');

    // Once the lock has run out, the right password works again; its attempt is given back.
    await transaction(t.db, (tx) =>
      tx
        .update(loginThrottle)
        .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(loginThrottle.key, `account:${employee.email}`)),
    );
    const retry = callerFor(t.db, { ip: freshIp() });
    expect(await retry.caller.employee.login({ email: employee.email, password: STRONG_PASSWORD })).toMatchObject({
      userId: employee.id,
    });
    // The window started again with this attempt, which the success gave back.
    expect(
      (
        await t.db
          .select()
          .from(loginThrottle)
          .where(eq(loginThrottle.key, `account:${employee.email}`))
      )[0],
    ).toMatchObject({ attempts: 0, lockedUntil: null });
  });

  it('a success gives back its own attempt; the failures before it stay counted (ADR 004)', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const ip = freshIp();
    for (let i = 0; i < 8; i++) {
      const { caller, errorOf } = callerFor(t.db, { ip });
      await errorOf(caller.employee.login({ email: employee.email, password: `wrong-${i}` }));
    }
    const { caller } = callerFor(t.db, { ip });
    await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });
    const counted = async () =>
      (
        await t.db
          .select()
          .from(loginThrottle)
          .where(eq(loginThrottle.key, `account:${employee.email}`))
      )[0];
    expect(await counted()).toMatchObject({ attempts: 8, lockedUntil: null });
    // The address counts failures only, too: the success gave its attempt back there as well.
    const [address] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `ip:${ip}`));
    expect(address?.attempts).toBe(8);

    for (const password of ['wrong-again', 'wrong-once-more']) {
      const next = callerFor(t.db, { ip });
      const { error } = await next.errorOf(next.caller.employee.login({ email: employee.email, password }));
      expect(error.code).toBe('UNAUTHORIZED');
    }
    expect((await counted())?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('the right password as the tenth attempt signs in and leaves the account open', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const ip = freshIp();
    for (let i = 0; i < 9; i++) {
      const { caller, errorOf } = callerFor(t.db, { ip });
      await errorOf(caller.employee.login({ email: employee.email, password: `wrong-${i}` }));
    }
    const { caller } = callerFor(t.db, { ip });
    expect(await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD })).toMatchObject({
      userId: employee.id,
    });
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${employee.email}`));
    expect(row).toMatchObject({ attempts: 9, lockedUntil: null });
  });

  it('a blocked user with the right password gets no session', async () => {
    const employee = await seedEmployee(t.db, companyId);
    await transaction(t.db, (tx) => tx.update(users).set({ locked: true }).where(eq(users.id, employee.id)));
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const { error, shape } = await errorOf(caller.employee.login({ email: employee.email, password: STRONG_PASSWORD }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.data.messageKey).toBe('login.failed');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, employee.id))).toEqual([]);
  });
});
