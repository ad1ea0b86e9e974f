import { totpRecoveryCodes } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployer,
  sessionFor,
  type TTestDb,
  totpCode,
} from '../../test/test-db.ts';

let t: TTestDb;
let ipCounter = 0;
const freshIp = () => `10.8.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function adminChallenge(email: string) {
  const { caller, errorOf } = callerFor(t.db, { ip: freshIp() });
  const answer = await caller.appuser.login({ email, password: STRONG_PASSWORD });
  if (!('challengeToken' in answer)) throw new Error('expected a TOTP challenge');
  return { caller, errorOf, challengeToken: answer.challengeToken };
}

describe('two-factor recovery codes', () => {
  it('come once with an admin’s set-up, each signs in once instead of the app code, and are stored hashed', async () => {
    const admin = await seedAdmin(t.db, { totpSecret: null });
    const first = await adminChallenge(admin.email);
    const enrolment = await first.caller.appuser.totpEnrolment({ challengeToken: first.challengeToken });
    const session = await first.caller.appuser.loginTotp({
      challengeToken: first.challengeToken,
      code: totpCode(enrolment.secret),
    });
    if (!('recoveryCodes' in session) || !session.recoveryCodes) throw new Error('expected recovery codes');
    const codes = session.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = JSON.stringify(await t.db.select().from(totpRecoveryCodes));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    // A lost phone: a recovery code (typed in lower case, without the dash) signs in, once.
    const [code = ''] = codes;
    const second = await adminChallenge(admin.email);
    const recovered = await second.caller.appuser.loginTotp({
      challengeToken: second.challengeToken,
      code: code.replace('-', '').toLowerCase(),
    });
    expect(recovered).toMatchObject({ userId: admin.id });
    expect('recoveryCodes' in recovered && recovered.recoveryCodes).toBeFalsy();
    const third = await adminChallenge(admin.email);
    const reused = await third.errorOf(third.caller.appuser.loginTotp({ challengeToken: third.challengeToken, code }));
    expect(reused.shape.data.messageKey).toBe('totp.code_invalid');
    const status = await callerFor(t.db, { token: (await sessionFor(t.db, admin)).token }).caller.twoFactor.status();
    expect(status).toEqual({ enabled: true, required: true, recoveryCodesLeft: 9 });
  });

  it('come with a customer’s set-up in account settings and go when it is turned off', async () => {
    const employer = await seedEmployer(t.db);
    const { caller } = callerFor(t.db, { token: employer.token });
    const setup = await caller.twoFactor.setup();
    const { recoveryCodes } = await caller.twoFactor.enable({ code: totpCode(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect((await caller.twoFactor.status()).recoveryCodesLeft).toBe(10);
    await caller.twoFactor.disable({ currentPassword: STRONG_PASSWORD });
    expect(await caller.twoFactor.status()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  });

  it('another admin resets a lost authenticator; the next sign-in sets up a new one', async () => {
    const lost = await seedAdmin(t.db);
    const lostSession = (await sessionFor(t.db, lost)).token;
    const helper = await seedAdmin(t.db);
    const { caller, errorOf } = callerFor(t.db, { token: (await sessionFor(t.db, helper)).token });
    expect((await errorOf(caller.appuser.resetTwoFactor({ id: helper.id }))).shape.data.messageKey).toBe(
      'admins.not_yourself',
    );
    await caller.appuser.resetTwoFactor({ id: lost.id });
    expect(await callerFor(t.db, { token: lostSession }).caller.auth.me()).toBeNull();
    const challenge = await adminChallenge(lost.email);
    const again = await challenge.caller.appuser.login({ email: lost.email, password: STRONG_PASSWORD });
    expect(again).toMatchObject({ totpRequired: true, setupRequired: true });
  });
});
