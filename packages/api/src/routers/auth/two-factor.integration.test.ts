import { randomBytes } from 'node:crypto';
import { openTotpSecret, sealPlainTotpSecrets, sealTotpSecret } from '@portal/core';
import { auditLog, eq, loginThrottle, oneTimeTokens, sessions, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  TEST_TOTP_SECRET,
  type TTestDb,
  testConfig,
  totpCode,
} from '../../test/test-db.ts';

let t: TTestDb;
let companyId: string;
let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestDb();
  companyId = (await seedEmployer(t.db)).companyId;
});
afterAll(() => t.cleanup());

const storedSecret = async (userId: string) =>
  (await t.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId)))[0]?.secret ?? null;

async function adminChallenge(email: string) {
  const { caller } = callerFor(t.db, { ip: freshIp() });
  const answer = await caller.appuser.login({ email, password: STRONG_PASSWORD });
  if (!('challengeToken' in answer)) throw new Error('expected a TOTP challenge');
  return { caller, answer };
}

describe('admin sign-in needs an authenticator code (DECISIONS.md, ASVS V4.3.1)', () => {
  it('a new admin without an authenticator enrols between password and first code', async () => {
    const admin = await seedAdmin(t.db, { totpSecret: null });
    const { caller, answer } = await adminChallenge(admin.email);
    expect(answer.setupRequired).toBe(true);
    const enrolment = await caller.appuser.totpEnrolment({ challengeToken: answer.challengeToken });
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/E-Learning-Portal:/);
    expect(new URL(enrolment.otpauthUri).searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // A reload shows the same secret, so a half-scanned QR code stays valid.
    const again = await caller.appuser.totpEnrolment({ challengeToken: answer.challengeToken });
    expect(again.secret).toBe(enrolment.secret);

    const session = await caller.appuser.loginTotp({
      challengeToken: answer.challengeToken,
      code: totpCode(enrolment.secret),
    });
    expect(session).toMatchObject({ userId: admin.id, role: 'admin' });
    const [row] = await t.db
      .select({ secret: users.totpSecret, pending: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, admin.id));
    // Stored sealed (ADR 026): the database alone does not give the secret away.
    expect(row?.pending).toBeNull();
    expect(row?.secret).not.toContain(enrolment.secret);
    expect(openTotpSecret(testConfig.totpKey, admin.id, row?.secret ?? '')).toBe(enrolment.secret);
    const events = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['totp.enabled', 'login.success']));
  });

  it('a wrong code is refused, counted as a failure, and opens no session', async () => {
    const admin = await seedAdmin(t.db);
    const { caller, answer } = await adminChallenge(admin.email);
    const before = await countRows(t.db, 'sessions');
    await expect(
      caller.appuser.loginTotp({
        challengeToken: answer.challengeToken,
        code: '000000' === totpCode() ? '111111' : '000000',
      }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'totp.code_invalid',
    });
    expect(await countRows(t.db, 'sessions')).toBe(before);
    const [throttle] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${admin.email}`));
    expect(throttle?.attempts).toBe(1);
    // The challenge survives a typo.
    expect(await caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: totpCode() })).toMatchObject({
      userId: admin.id,
    });
  });

  it('a code works once, and so does a challenge', async () => {
    const admin = await seedAdmin(t.db);
    const first = await adminChallenge(admin.email);
    const code = totpCode();
    await first.caller.appuser.loginTotp({ challengeToken: first.answer.challengeToken, code });
    await expect(
      first.caller.appuser.loginTotp({
        challengeToken: first.answer.challengeToken,
        code: totpCode(TEST_TOTP_SECRET, new Date(), 1),
      }),
    ).rejects.toMatchObject({
      message: 'totp.challenge_expired',
    });
    const second = await adminChallenge(admin.email);
    await expect(
      second.caller.appuser.loginTotp({ challengeToken: second.answer.challengeToken, code }),
    ).rejects.toMatchObject({
      message: 'totp.code_invalid',
    });
  });

  it('ten wrong codes lock the account even across new password sign-ins', async () => {
    const admin = await seedAdmin(t.db);
    const right = totpCode();
    const wrong = right === '123456' ? '654321' : '123456';
    for (let round = 0; round < 2; round++) {
      const { caller, answer } = await adminChallenge(admin.email);
      for (let i = 0; i < 5; i++) {
        await expect(
          caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: wrong }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
    }
    const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
    const { shape } = await errorOf(caller.appuser.login({ email: admin.email, password: STRONG_PASSWORD }));
    expect(shape.data.messageKey).toBe('login.failed');
  });

  it('a challenge for an admin does not work on the customer door, and expires after 5 minutes', async () => {
    const admin = await seedAdmin(t.db);
    const { answer } = await adminChallenge(admin.email);
    const { caller } = callerFor(t.db, { ip: freshIp() });
    await expect(
      caller.employee.loginTotp({ challengeToken: answer.challengeToken, code: totpCode() }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const later = await adminChallenge(admin.email);
    await transaction(t.db, (tx) =>
      tx
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(oneTimeTokens.kind, 'totp_challenge')),
    );
    await expect(
      later.caller.appuser.loginTotp({ challengeToken: later.answer.challengeToken, code: totpCode() }),
    ).rejects.toMatchObject({
      message: 'totp.challenge_expired',
    });
  });
});

describe('two-factor sign-in for customers (account settings)', () => {
  it('an employee turns it on with a code, then signs in with password and code, then turns it off', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller } = callerFor(t.db, { token: (await sessionFor(t.db, employee)).token });
    expect(await caller.twoFactor.status()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const enrolment = await caller.twoFactor.setup();
    await expect(
      caller.twoFactor.enable({ code: '000000' === totpCode(enrolment.secret) ? '111111' : '000000' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.twoFactor.enable({ code: totpCode(enrolment.secret) });
    expect(await caller.twoFactor.status()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const door = callerFor(t.db, { ip: freshIp() });
    const answer = await door.caller.employee.login({ email: employee.email, password: STRONG_PASSWORD });
    expect(answer).toMatchObject({ totpRequired: true, setupRequired: false });
    if (!('challengeToken' in answer)) throw new Error('expected a TOTP challenge');
    // The code used to confirm the set-up cannot be used again: take the next step's code.
    const session = await door.caller.employee.loginTotp({
      challengeToken: answer.challengeToken,
      code: totpCode(enrolment.secret, new Date(), 1),
    });
    expect(session).toMatchObject({ userId: employee.id, role: 'employee' });

    await expect(caller.twoFactor.disable({ currentPassword: 'wrong password!' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await caller.twoFactor.disable({ currentPassword: STRONG_PASSWORD });
    expect(await caller.twoFactor.status()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const plain = await callerFor(t.db, { ip: freshIp() }).caller.employee.login({
      email: employee.email,
      password: STRONG_PASSWORD,
    });
    expect(plain).toMatchObject({ userId: employee.id });
  });

  it('admins cannot turn it off', async () => {
    const admin = await seedAdmin(t.db);
    const { caller } = callerFor(t.db, { token: (await sessionFor(t.db, admin)).token });
    expect(await caller.twoFactor.status()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 0 });
    await expect(caller.twoFactor.disable({ currentPassword: STRONG_PASSWORD })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(openTotpSecret(testConfig.totpKey, admin.id, (await storedSecret(admin.id)) ?? '')).toBe(TEST_TOTP_SECRET);
  });

  it('the secret never appears in an answer about the user', async () => {
    const admin = await seedAdmin(t.db);
    const { caller } = callerFor(t.db, { token: (await sessionFor(t.db, admin)).token });
    const view = await caller.employee.get({ id: admin.id });
    expect(JSON.stringify(view)).not.toContain(TEST_TOTP_SECRET);
    expect(Object.keys(view)).not.toContain('totpSecret');
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, admin.id))).length).toBeGreaterThan(0);
  });
});

describe('secrets at rest are sealed (ADR 026, ASVS V6.2.1)', () => {
  it('a plain secret from before is sealed at start-up, once, and signs in as before', async () => {
    const admin = await seedAdmin(t.db);
    const employee = await seedEmployee(t.db, companyId, { totpSecret: null });
    await transaction(t.db, (tx) =>
      tx.update(users).set({ totpSecret: TEST_TOTP_SECRET }).where(eq(users.id, admin.id)),
    );

    expect(await sealPlainTotpSecrets(t.db, testConfig.totpKey)).toBe(1);
    expect(await storedSecret(admin.id)).toMatch(/^v1\./);
    expect(await storedSecret(employee.id)).toBeNull();
    expect(await sealPlainTotpSecrets(t.db, testConfig.totpKey)).toBe(0);

    const { caller, answer } = await adminChallenge(admin.email);
    await expect(
      caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: totpCode() }),
    ).resolves.toMatchObject({ userId: admin.id });
  });

  it('a sealed secret copied onto another account opens no sign-in there', async () => {
    const victim = await seedAdmin(t.db);
    const intruder = await seedAdmin(t.db, { totpSecret: null });
    // Someone with write access to the database moves a known account's sealed secret over.
    const victimSecret = await storedSecret(victim.id);
    await transaction(t.db, (tx) =>
      tx.update(users).set({ totpSecret: victimSecret }).where(eq(users.id, intruder.id)),
    );
    const { caller, answer } = await adminChallenge(intruder.email);
    await expect(
      caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: totpCode() }),
    ).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, intruder.id))).toEqual([]);
  });

  it('a secret sealed under another key does not open', async () => {
    const admin = await seedAdmin(t.db);
    const otherKey = randomBytes(32);
    const sealed = (await storedSecret(admin.id)) ?? '';
    expect(() => openTotpSecret(otherKey, admin.id, sealed)).toThrow(/does not open/);
    expect(openTotpSecret(otherKey, admin.id, sealTotpSecret(otherKey, admin.id, TEST_TOTP_SECRET))).toBe(
      TEST_TOTP_SECRET,
    );
  });
});

describe('parallel sign-ins', () => {
  it('two browsers signing in at once each keep their challenge', async () => {
    const admin = await seedAdmin(t.db);
    const first = await adminChallenge(admin.email);
    const second = await adminChallenge(admin.email);
    await first.caller.appuser.loginTotp({ challengeToken: first.answer.challengeToken, code: totpCode() });
    const later = totpCode(TEST_TOTP_SECRET, new Date(), 1);
    expect(
      await second.caller.appuser.loginTotp({ challengeToken: second.answer.challengeToken, code: later }),
    ).toMatchObject({
      userId: admin.id,
    });
  });
});
