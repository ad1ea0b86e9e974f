import { and, auditLog, eq, sessions, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const MINUTE = 60 * 1000;

const sessionRow = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0];

async function backdate(sessionId: string, times: { lastSeenMinutesAgo?: number; createdHoursAgo?: number }) {
  const now = Date.now();
  await transaction(t.db, (tx) =>
    tx
      .update(sessions)
      .set({
        ...(times.lastSeenMinutesAgo !== undefined && {
          lastSeenAt: new Date(now - times.lastSeenMinutesAgo * MINUTE),
        }),
        ...(times.createdHoursAgo !== undefined && { createdAt: new Date(now - times.createdHoursAgo * 60 * MINUTE) }),
      })
      .where(eq(sessions.id, sessionId)),
  );
}

/** Calls an authed procedure with the token; returns 'ok' or the error code the client sees. */
async function probe(user: TSeededUser, token: string) {
  const { caller, errorOf } = callerFor(t.db, { token });
  const call = caller.employee.get({ id: user.id });
  try {
    await call;
    return 'ok';
  } catch {
    return (await errorOf(call)).shape.data.errorCode;
  }
}

describe('session expiry', () => {
  it('a customer session ends after 60 idle minutes and is deleted', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    await backdate(session.id, { lastSeenMinutesAgo: 61 });

    const { caller, errorOf } = callerFor(t.db, { token: session.token });
    const { error, shape } = await errorOf(caller.employee.get({ id: employee.id }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
    expect(shape.data.messageKey).toBe('errors.AUTHORIZATION_REQUIRED');
    expect(shape.data.httpStatus).toBe(401);
    expect(await sessionRow(session.id)).toBeUndefined();
  });

  it('activity slides the idle window', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    await backdate(session.id, { lastSeenMinutesAgo: 59 });
    expect(await probe(employee, session.token)).toBe('ok');
    const touched = (await sessionRow(session.id))?.lastSeenAt.getTime() ?? 0;
    expect(Date.now() - touched).toBeLessThan(5000);
    // 59 minutes after that touch it would still be valid; the old lastSeenAt would not be.
    await backdate(session.id, { lastSeenMinutesAgo: 59 });
    expect(await probe(employee, session.token)).toBe('ok');
  });

  it('a session ends 12 hours after creation, however active', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    await backdate(session.id, { createdHoursAgo: 11.9, lastSeenMinutesAgo: 0 });
    expect(await probe(employee, session.token)).toBe('ok');
    await backdate(session.id, { createdHoursAgo: 13, lastSeenMinutesAgo: 0 });
    expect(await probe(employee, session.token)).toBe('AUTHORIZATION_REQUIRED');
    expect(await sessionRow(session.id)).toBeUndefined();
  });

  it('an admin session ends after 30 idle minutes', async () => {
    const admin = await seedAdmin(t.db);
    const session = await sessionFor(t.db, admin);
    expect((await sessionRow(session.id))?.ttl).toBe(1800);
    await backdate(session.id, { lastSeenMinutesAgo: 29 });
    expect(await probe(admin, session.token)).toBe('ok');
    await backdate(session.id, { lastSeenMinutesAgo: 31 });
    expect(await probe(admin, session.token)).toBe('AUTHORIZATION_REQUIRED');
  });

  it('blocking a user ends their session at the next request', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    expect(await probe(employee, session.token)).toBe('ok');
    await transaction(t.db, (tx) => tx.update(users).set({ locked: true }).where(eq(users.id, employee.id)));
    expect(await probe(employee, session.token)).toBe('AUTHORIZATION_REQUIRED');
    expect(await sessionRow(session.id)).toBeUndefined();
  });

  it('refuses a missing, malformed or forged token', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const [id] = session.token.split('.');
    for (const token of [undefined, 'garbage', `${id}.wrongsecret`, `${id}`, `.${session.token}`]) {
      const { caller, errorOf } = callerFor(t.db, token === undefined ? {} : { token });
      const { error, shape } = await errorOf(caller.employee.get({ id: employee.id }));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
    }
    // The forged attempts did not end the real session.
    expect(await probe(employee, session.token)).toBe('ok');
  });
});

describe('logout', () => {
  it('employee.logout deletes the session and clears the cookie', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const other = await sessionFor(t.db, employee);
    const { caller, cookies } = callerFor(t.db, {
      token: session.token,
      auth: 'cookie',
      via: 'trpc',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(await caller.employee.logout()).toEqual({ success: true });
    expect(await sessionRow(session.id)).toBeUndefined();
    expect(cookies).toEqual([expect.stringMatching(/^session=; .*Max-Age=0$/)]);
    expect(await probe(employee, session.token)).toBe('AUTHORIZATION_REQUIRED');
    // Only this session ends.
    expect(await sessionRow(other.id)).toBeDefined();
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logout'), eq(auditLog.actorId, employee.id)));
    expect(logged).toHaveLength(1);
  });

  it('appuser.logout ends an admin session', async () => {
    const admin = await seedAdmin(t.db);
    const session = await sessionFor(t.db, admin);
    const { caller } = callerFor(t.db, { token: session.token });
    expect(await caller.appuser.logout()).toEqual({ success: true });
    expect(await sessionRow(session.id)).toBeUndefined();
  });

  it('needs a session', async () => {
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.logout());
    expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
  });
});

describe('CSRF rule for cookie sessions', () => {
  const cookieCaller = (token: string, headers: Record<string, string>, method = 'POST') =>
    callerFor(t.db, { token, auth: 'cookie', via: 'trpc', method, headers });

  it('refuses a cross-site write authenticated by cookie', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const { caller, errorOf } = cookieCaller(session.token, {
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/json',
    });
    const { error, shape } = await errorOf(caller.employee.update({ id: employee.id, lang: 'en' }));
    expect(error.code).toBe('FORBIDDEN');
    expect(shape.data.messageKey).toBe('errors.CSRF');
    const logout = await errorOf(caller.employee.logout());
    expect(logout.error.code).toBe('FORBIDDEN');
    const [row] = await t.db.select({ lang: users.lang }).from(users).where(eq(users.id, employee.id));
    expect(row?.lang).toBe('de');
    expect(await sessionRow(session.id)).toBeDefined();
    // auth.me answers "not signed in" rather than the person.
    expect(await caller.auth.me()).toBeNull();
  });

  it.each([
    ['Origin of another site', { origin: 'https://evil.example', 'content-type': 'application/json' }],
    ['same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }],
    ['a form content type', { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/plain', { 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' }],
  ])('refuses %s', async (_label, headers) => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const { caller, errorOf } = cookieCaller(session.token, headers);
    const { error } = await errorOf(caller.employee.update({ id: employee.id, lang: 'en' }));
    expect(error.code).toBe('FORBIDDEN');
  });

  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }],
    ['the public Origin', { origin: 'http://localhost:3000', 'content-type': 'application/json' }],
    [
      'a JSON content type with charset',
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
    ],
  ])('accepts %s', async (_label, headers) => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const { caller } = cookieCaller(session.token, headers);
    expect((await caller.employee.update({ id: employee.id, lang: 'en' })).lang).toBe('en');
  });

  it('lets a non-browser client through (neither Sec-Fetch-Site nor Origin)', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const { caller } = cookieCaller(session.token, { 'content-type': 'application/json' });
    expect((await caller.employee.update({ id: employee.id, lang: 'en' })).lang).toBe('en');
  });

  it('refuses reads another site sends (issue 21.4), lets typed addresses and Bearer tokens through', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const foreignHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://angreifer.example' },
    ];
    for (const headers of foreignHeaders) {
      const foreign = cookieCaller(session.token, headers, 'GET');
      const { error } = await foreign.errorOf(foreign.caller.employee.get({ id: employee.id }));
      expect(error.code, JSON.stringify(headers)).toBe('FORBIDDEN');
    }
    const ownHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of ownHeaders) {
      const read = cookieCaller(session.token, headers, 'GET');
      expect((await read.caller.employee.get({ id: employee.id })).id).toBe(employee.id);
    }
    const bearer = callerFor(t.db, { token: session.token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect((await bearer.caller.employee.update({ id: employee.id, lang: 'en' })).lang).toBe('en');
  });
});
