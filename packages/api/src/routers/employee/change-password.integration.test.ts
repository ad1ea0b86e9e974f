import { and, auditLog, eq, sessions, users } from '@portal/db';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  STRONG_PASSWORD,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const passwordHashOf = async (id: string) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash;

async function loginWorks(email: string, password: string) {
  try {
    await callerFor(t.db).caller.employee.login({ email, password });
    return true;
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return false;
    throw error;
  }
}

describe('employee.changePassword', () => {
  it('needs the current password', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const session = await sessionFor(t.db, employee);
    const hashBefore = await passwordHashOf(employee.id);
    const { caller, errorOf } = callerFor(t.db, { token: session.token });
    const { error, shape } = await errorOf(
      caller.employee.changePassword({ currentPassword: 'not-my-password', newPassword: OTHER_STRONG_PASSWORD }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('change_password.current_password_wrong');
    expect(await passwordHashOf(employee.id)).toBe(hashBefore);
    expect(await outboxFor(t.db, employee.email)).toEqual([]);
  });

  it('refuses a weak new password', async () => {
    const employee = await seedEmployee(t.db, companyId, { firstname: 'Konrad', lastname: 'Kesselring' });
    const session = await sessionFor(t.db, employee);
    const { caller, errorOf } = callerFor(t.db, { token: session.token });
    const { error, shape } = await errorOf(
      caller.employee.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: 'KesselringKesselring' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('change_password.password_too_weak');
    expect(await loginWorks(employee.email, STRONG_PASSWORD)).toBe(true);
  });

  it('changes it, ends the other sessions, keeps this one and sends a notice', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const current = await sessionFor(t.db, employee);
    const others = [await sessionFor(t.db, employee), await sessionFor(t.db, employee)];
    const colleague = await seedEmployee(t.db, companyId);
    const colleagueSession = await sessionFor(t.db, colleague);

    const { caller } = callerFor(t.db, { token: current.token });
    expect(
      await caller.employee.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD }),
    ).toEqual({ success: true });

    const remaining = (
      await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, employee.id))
    ).map((row) => row.id);
    expect(remaining).toEqual([current.id]);
    for (const other of others) expect(remaining).not.toContain(other.id);
    // Other people's sessions are untouched.
    expect((await t.db.select().from(sessions).where(eq(sessions.id, colleagueSession.id)))[0]).toBeDefined();

    // The current session still works.
    const again = callerFor(t.db, { token: current.token });
    expect((await again.caller.employee.get({ id: employee.id })).id).toBe(employee.id);

    const mails = await outboxFor(t.db, employee.email);
    expect(mails.map((mail) => mail.template)).toEqual(['password_changed']);
    expect(mails[0]?.status).toBe('pending');
    expect(mails[0]?.text).toMatch(/\d{2}\.\d{2}\.\d{4}/);

    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'password.changed'), eq(auditLog.targetId, employee.id))),
    ).toHaveLength(1);
    expect(await loginWorks(employee.email, OTHER_STRONG_PASSWORD)).toBe(true);
    expect(await loginWorks(employee.email, STRONG_PASSWORD)).toBe(false);
  });

  it('needs a session', async () => {
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(
      caller.employee.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD }),
    );
    expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
  });
});
