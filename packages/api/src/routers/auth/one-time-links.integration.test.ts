import { createOneTimeToken, INVITATION_DAYS } from '@portal/core';
import { and, eq, oneTimeTokens, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  seedEmployee,
  seedEmployer,
  type TTestDb,
} from '../../test/test-db.ts';

/**
 * DECISIONS.md / ADR 005: reset, invitation and first-login links are single use and expire.
 * reset-password.integration.test.ts and first-login.integration.test.ts cover each link's own
 * path (once, concurrent use, expiry, re-sent links). This adds what lies between them: a link of
 * one kind opens no other door, a refusal does not use up the link, and the first-login link of a
 * temporary password expires after 60 minutes and works once.
 */

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const HOUR = 60 * 60 * 1000;
const firstLoginForm = (token: string) => ({
  token,
  password: OTHER_STRONG_PASSWORD,
  confirmPassword: OTHER_STRONG_PASSWORD,
  dataProtectionPolicyAccepted: true as const,
});

/**
 * Uses `token` at the first-login door, the admin reset door and the customer reset door, in this
 * order; returns the answer at each ('accepted' or the message key).
 */
async function tryEveryDoor(token: string) {
  const keyOf = async (call: (caller: ReturnType<typeof callerFor>['caller']) => Promise<unknown>) => {
    const { caller, errorOf } = callerFor(t.db);
    try {
      await call(caller);
      return 'accepted';
    } catch (error) {
      return (await errorOf(Promise.reject(error))).shape.data.messageKey;
    }
  };
  return {
    firstLogin: await keyOf((caller) => caller.employee.firstLogin(firstLoginForm(token))),
    adminReset: await keyOf((caller) => caller.appuser.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD })),
    reset: await keyOf((caller) => caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD })),
  };
}

describe('a link opens only its own door', () => {
  it('an invitation does not reset a password, and stays usable', async () => {
    const invited = await seedEmployee(t.db, companyId, { password: null });
    const token = await createOneTimeToken(t.db, {
      kind: 'invitation',
      userId: invited.id,
      validForMs: INVITATION_DAYS * 24 * HOUR,
    });
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD }));
    expect(shape.data.messageKey).toBe('recovery_password.invalid_link');
    expect(await caller.employee.firstLogin(firstLoginForm(token))).toMatchObject({ userId: invited.id });
  });

  it('a reset link opens only the customer reset door, after being refused at the others', async () => {
    const person = await seedEmployee(t.db, companyId);
    const token = await createOneTimeToken(t.db, { kind: 'reset', userId: person.id, validForMs: HOUR });
    expect(await tryEveryDoor(token)).toEqual({
      firstLogin: 'change_password.invalid_link',
      adminReset: 'recovery_password.invalid_link',
      reset: 'accepted',
    });
  });

  it('a sign-in challenge (between password and code) opens no door and stays unused', async () => {
    const person = await seedEmployee(t.db, companyId);
    const token = await createOneTimeToken(t.db, { kind: 'totp_challenge', userId: person.id, validForMs: HOUR });
    expect(await tryEveryDoor(token)).toEqual({
      firstLogin: 'change_password.invalid_link',
      adminReset: 'recovery_password.invalid_link',
      reset: 'recovery_password.invalid_link',
    });
    const [row] = await t.db
      .select({ usedAt: oneTimeTokens.usedAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, person.id), eq(oneTimeTokens.kind, 'totp_challenge')));
    expect(row?.usedAt).toBeNull();
  });
});

describe('the first-login link of a temporary password', () => {
  async function temporaryLogin() {
    const person = await seedEmployee(t.db, companyId, { isFirstLogin: true });
    const answer = await callerFor(t.db).caller.employee.login({
      email: person.email,
      password: person.password ?? '',
    });
    if (!('firstLoginToken' in answer)) throw new Error('expected a first-login answer');
    return { person, token: answer.firstLoginToken };
  }

  it('is valid 60 minutes', async () => {
    const { person, token } = await temporaryLogin();
    const [row] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, person.id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(HOUR);
    await transaction(t.db, (tx) =>
      tx
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.userId, person.id)),
    );
    expect(await tryEveryDoor(token)).toEqual({
      firstLogin: 'change_password.invalid_link',
      adminReset: 'recovery_password.invalid_link',
      reset: 'recovery_password.invalid_link',
    });
  });

  it('works once and only at the first-login door', async () => {
    const { person, token } = await temporaryLogin();
    const reset = callerFor(t.db);
    const wrongDoor = await reset.errorOf(
      reset.caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD }),
    );
    expect(wrongDoor.shape.data.messageKey).toBe('recovery_password.invalid_link');
    const { caller, errorOf } = callerFor(t.db);
    expect(await caller.employee.firstLogin(firstLoginForm(token))).toMatchObject({ userId: person.id });
    const again = await errorOf(caller.employee.firstLogin(firstLoginForm(token)));
    expect(again.shape.data.messageKey).toBe('change_password.invalid_link');
  });
});
