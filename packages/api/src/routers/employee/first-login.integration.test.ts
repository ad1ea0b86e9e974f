import { createOneTimeToken, INVITATION_DAYS } from '@portal/core';
import { eq, oneTimeTokens, sessions, transaction, users } from '@portal/db';
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
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const NEW_PASSWORD = 'Gewitter-Pinsel-Quelle-58';

/** An invited employee (no password yet) and the token of their invitation link. */
async function invite(input: { firstname?: string; lastname?: string } = {}) {
  const employee = await seedEmployee(t.db, companyId, { password: null, ...input });
  const token = await createOneTimeToken(t.db, {
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

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('employee.firstLogin (invitation link)', () => {
  it('an invited person cannot sign in before setting a password', async () => {
    const { employee } = await invite();
    expect(await userRow(employee.id)).toMatchObject({ passwordHash: null, isFirstLogin: true, active: false });
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.login({ email: employee.email, password: NEW_PASSWORD }));
    expect(shape.data.messageKey).toBe('login.failed');
  });

  it('refuses a weak password and leaves the link usable', async () => {
    const { employee, token } = await invite({ firstname: 'Greta', lastname: 'Gartenzwerg' });
    const { caller, errorOf } = callerFor(t.db);
    for (const password of ['aaaaaaaaaaaa', 'GartenzwergGartenzwerg']) {
      const { error, shape } = await errorOf(
        caller.employee.firstLogin(form(token, { password, confirmPassword: password })),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.messageKey).toBe('change_password.password_too_weak');
    }
    expect(await userRow(employee.id)).toMatchObject({ passwordHash: null, isFirstLogin: true, active: false });
    expect(await caller.employee.firstLogin(form(token))).toMatchObject({ userId: employee.id });
  });

  it('refuses without the privacy checkbox', async () => {
    const { employee, token } = await invite();
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
    expect(await userRow(employee.id)).toMatchObject({ passwordHash: null, dataProtectionPolicyAccepted: false });
  });

  it('sets the password, activates the account, records consent and signs in — once', async () => {
    const { employee, token } = await invite();
    const sessionsBefore = await countRows(t.db, 'sessions');
    const { caller } = callerFor(t.db);
    const answer = await caller.employee.firstLogin(form(token));

    expect(answer).toMatchObject({ userId: employee.id, ttl: 3600, role: 'employee', lang: 'de' });
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore + 1);
    const [sessionId] = answer.id.split('.');
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId ?? ''));
    expect(session?.userId).toBe(employee.id);
    expect(await userRow(employee.id)).toMatchObject({
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
    });
    expect((await userRow(employee.id))?.passwordHash).toMatch(/^\$argon2id\$/);

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
    const { employee, token } = await invite();
    const sessionsBefore = await countRows(t.db, 'sessions');
    const results = await Promise.allSettled([
      callerFor(t.db).caller.employee.firstLogin(form(token)),
      callerFor(t.db).caller.employee.firstLogin(form(token)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason.message).toBe('change_password.invalid_link');
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore + 1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, employee.id))).toHaveLength(1);
  });

  it('refuses an expired invitation', async () => {
    const { employee, token } = await invite();
    await transaction(t.db, (tx) =>
      tx
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(oneTimeTokens.userId, employee.id)),
    );
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.firstLogin(form(token)));
    expect(shape.data.messageKey).toBe('change_password.invalid_link');
  });

  it('a re-sent invitation voids the earlier link', async () => {
    const { employee, token: first } = await invite();
    const second = await createOneTimeToken(t.db, { kind: 'invitation', userId: employee.id, validForMs: 60_000 });
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.firstLogin(form(first)));
    expect(shape.data.messageKey).toBe('change_password.invalid_link');
    expect(await caller.employee.firstLogin(form(second))).toMatchObject({ userId: employee.id });
  });
});

describe('temporary password (isFirstLogin with a password)', () => {
  it('login answers a first-login token instead of a session; the token sets the real password', async () => {
    const employee = await seedEmployee(t.db, companyId, { isFirstLogin: true });
    const sessionsBefore = await countRows(t.db, 'sessions');
    const { caller } = callerFor(t.db);
    const answer = await caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });

    expect(Object.keys(answer).sort()).toEqual(['email', 'firstLoginToken']);
    if (!('firstLoginToken' in answer)) throw new Error('expected a first-login answer');
    expect(answer.email).toBe(employee.email);
    expect(answer.firstLoginToken.length).toBeGreaterThanOrEqual(50);
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, employee.id))).toEqual([]);
    const stored = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, employee.id));
    expect(stored.map((row) => row.kind)).toEqual(['first_login']);

    const next = await caller.employee.firstLogin(form(answer.firstLoginToken));
    expect(next).toMatchObject({ userId: employee.id, ttl: 3600 });
    expect((await userRow(employee.id))?.isFirstLogin).toBe(false);
    // The temporary password is gone.
    const old = callerFor(t.db);
    const { shape } = await old.errorOf(
      old.caller.employee.login({ email: employee.email, password: STRONG_PASSWORD }),
    );
    expect(shape.data.messageKey).toBe('login.failed');
  });
});
