import { createOneTimeToken, INVITATION_DAYS } from '@portal/core';
import { eq, oneTimeTokens, sessions, users } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  STRONG_PASSWORD,
  seedEmployee,
  seedEmployer,
  type TTestDb,
} from '../../test/test-db.ts';

const de = createTranslator('de');

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const NEW_PASSWORD = 'Gewitter-Pinsel-Quelle-58';

/** An invited employee (no password yet) and the token of their invitation link. */
function invite(input: { firstname?: string; lastname?: string } = {}) {
  const employee = seedEmployee(t.db, companyId, { password: null, ...input });
  const token = createOneTimeToken(t.db, {
    kind: 'invitation',
    userId: employee.id,
    validForMs: INVITATION_DAYS * 24 * 60 * 60 * 1000,
  });
  return { employee, token };
}

const form = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  dataProtectionPolicyAccepted: true as const,
  ...overrides,
});

const userRow = (id: string) => t.db.select().from(users).where(eq(users.id, id)).get();

describe('employee.firstLogin (invitation link)', () => {
  it('an invited person cannot sign in before setting a password', async () => {
    const { employee } = invite();
    expect(userRow(employee.id)).toMatchObject({ passwordHash: null, isFirstLogin: true, active: false });
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.login({ email: employee.email, password: NEW_PASSWORD }));
    expect(shape.data.messageKey).toBe('login.failed');
  });

  it('refuses a weak password and leaves the link usable', async () => {
    const { employee, token } = invite({ firstname: 'Greta', lastname: 'Gartenzwerg' });
    const { caller, errorOf } = callerFor(t.db);
    for (const password of ['aaaaaaaaaaaa', 'GartenzwergGartenzwerg']) {
      const { error, shape } = await errorOf(
        caller.employee.firstLogin(form(token, { password, confirmPassword: password })),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.messageKey).toBe('change_password.password_too_weak');
    }
    expect(userRow(employee.id)).toMatchObject({ passwordHash: null, isFirstLogin: true, active: false });
    expect(await caller.employee.firstLogin(form(token))).toMatchObject({ userId: employee.id });
  });

  it('refuses without the privacy checkbox', async () => {
    const { employee, token } = invite();
    const { caller, errorOf } = callerFor(t.db);
    const { error, shape } = await errorOf(
      caller.employee.firstLogin(
        form(token, { dataProtectionPolicyAccepted: false }) as Parameters<typeof caller.employee.firstLogin>[0],
      ),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.issues).toEqual([
      { path: 'dataProtectionPolicyAccepted', messageKey: 'validation.must_be_checked', message: expect.any(String) },
    ]);
    expect(userRow(employee.id)).toMatchObject({ passwordHash: null, dataProtectionPolicyAccepted: false });
  });

  it('sets the password, activates the account, records consent and signs in — once', async () => {
    const { employee, token } = invite();
    const sessionsBefore = countRows(t.db, 'sessions');
    const { caller } = callerFor(t.db);
    const answer = await caller.employee.firstLogin(form(token));

    expect(answer).toMatchObject({ userId: employee.id, ttl: 3600, role: 'employee', lang: 'de' });
    expect(countRows(t.db, 'sessions')).toBe(sessionsBefore + 1);
    const [sessionId] = answer.id.split('.');
    expect(
      t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionId ?? ''))
        .get()?.userId,
    ).toBe(employee.id);
    expect(userRow(employee.id)).toMatchObject({
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
    });
    expect(userRow(employee.id)?.passwordHash).toMatch(/^\$argon2id\$/);

    const signedIn = callerFor(t.db, { token: answer.id });
    expect((await signedIn.caller.employee.get({ id: employee.id })).isFirstLogin).toBe(false);
    const login = callerFor(t.db);
    expect(await login.caller.employee.login({ email: employee.email, password: NEW_PASSWORD })).toMatchObject({
      userId: employee.id,
    });

    const again = callerFor(t.db);
    const { error, shape } = await again.errorOf(
      again.caller.employee.firstLogin(form(token, { password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD })),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('change_password.invalid_link');
    expect(shape.message).toBe(de('change_password.invalid_link'));
  });

  it('two concurrent clicks on the link: exactly one wins', async () => {
    const { employee, token } = invite();
    const sessionsBefore = countRows(t.db, 'sessions');
    const results = await Promise.allSettled([
      callerFor(t.db).caller.employee.firstLogin(form(token)),
      callerFor(t.db).caller.employee.firstLogin(form(token)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason.message).toBe('change_password.invalid_link');
    expect(countRows(t.db, 'sessions')).toBe(sessionsBefore + 1);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, employee.id)).all()).toHaveLength(1);
  });

  it('refuses an expired invitation', async () => {
    const { employee, token } = invite();
    t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.userId, employee.id))
      .run();
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.firstLogin(form(token)));
    expect(shape.data.messageKey).toBe('change_password.invalid_link');
  });

  it('a re-sent invitation voids the earlier link', async () => {
    const { employee, token: first } = invite();
    const second = createOneTimeToken(t.db, { kind: 'invitation', userId: employee.id, validForMs: 60_000 });
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.firstLogin(form(first)));
    expect(shape.data.messageKey).toBe('change_password.invalid_link');
    expect(await caller.employee.firstLogin(form(second))).toMatchObject({ userId: employee.id });
  });
});

describe('temporary password (isFirstLogin with a password)', () => {
  it('login answers a first-login token instead of a session; the token sets the real password', async () => {
    const employee = seedEmployee(t.db, companyId, { isFirstLogin: true });
    const sessionsBefore = countRows(t.db, 'sessions');
    const { caller } = callerFor(t.db);
    const answer = await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });

    expect(Object.keys(answer).sort()).toEqual(['email', 'firstLoginToken']);
    if (!('firstLoginToken' in answer)) throw new Error('expected a first-login answer');
    expect(answer.email).toBe(employee.email);
    expect(answer.firstLoginToken.length).toBeGreaterThanOrEqual(50);
    expect(countRows(t.db, 'sessions')).toBe(sessionsBefore);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, employee.id)).all()).toEqual([]);
    const stored = t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, employee.id)).all();
    expect(stored.map((row) => row.kind)).toEqual(['first_login']);

    const next = await caller.employee.firstLogin(form(answer.firstLoginToken));
    expect(next).toMatchObject({ userId: employee.id, ttl: 3600 });
    expect(userRow(employee.id)?.isFirstLogin).toBe(false);
    // The temporary password is gone.
    const old = callerFor(t.db);
    const { shape } = await old.errorOf(
      old.caller.employee.login({ email: employee.email, password: STRONG_PASSWORD }),
    );
    expect(shape.data.messageKey).toBe('login.failed');
  });
});
