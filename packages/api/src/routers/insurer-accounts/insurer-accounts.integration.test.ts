import { auditLog, eq, sessions, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployer,
  seedInsurer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
  tokenFromText,
  totpCode,
  uniqueEmail,
} from '../../test/test-db.ts';

/**
 * Issue 23, point 1 (ADR 035): the insurer's accounts. Admins create and remove them; they sign in
 * at the back office's door with two factors, always; their session is short like an admin's; they
 * reach the insurer's calls and nothing of the back office or of a company.
 */
let t: TTestDb;
let admin: TSeededUser;
let ipCounter = 0;
const freshIp = () => `10.23.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAdmin(t.db);
});
afterAll(() => t.cleanup());

const asAdmin = async () => callerFor(t.db, { token: (await sessionFor(t.db, admin)).token });

describe('insurer accounts', () => {
  it('an admin creates one; it signs in at /appuser with an authenticator it sets up, and reads the portfolio', async () => {
    const email = uniqueEmail('versicherer');
    const { caller } = await asAdmin();
    const created = await caller.insurerAccounts.create({
      firstname: 'Ines',
      lastname: 'Prüfer',
      email,
      password: STRONG_PASSWORD,
    });
    expect(created.created).toBe(true);
    const listed = await caller.insurerAccounts.list();
    expect(listed.find((account) => account.id === created.id)).toMatchObject({ email, twoFactorEnabled: false });
    // Admins and insurers are listed apart.
    expect((await caller.appuser.list()).map((account) => account.id)).not.toContain(created.id);
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audited).toMatchObject({ action: 'insurer.created', actorId: admin.id });

    // The customers' door refuses the account, as it refuses any wrong audience.
    const customerDoor = callerFor(t.db, { ip: freshIp() });
    const refused = await customerDoor.errorOf(
      customerDoor.caller.employee.login({ email, password: STRONG_PASSWORD }),
    );
    expect(refused.shape.data.messageKey).toBe('login.failed');

    // The back office's door: password, then the authenticator's set-up, then its first code.
    const door = callerFor(t.db, { ip: freshIp() });
    const first = await door.caller.appuser.login({ email, password: STRONG_PASSWORD });
    expect(first).toMatchObject({ totpRequired: true, setupRequired: true });
    if (!('challengeToken' in first)) throw new Error('expected a challenge');
    const enrolment = await door.caller.appuser.totpEnrolment({ challengeToken: first.challengeToken });
    const session = await door.caller.appuser.loginTotp({
      challengeToken: first.challengeToken,
      code: totpCode(enrolment.secret),
    });
    expect(session).toMatchObject({ role: 'insurer', userId: created.id, ttl: 30 * 60 });
    if (!('id' in session)) throw new Error('expected a session');

    const insurer = callerFor(t.db, { token: session.id }).caller;
    expect(await insurer.auth.me()).toMatchObject({ role: 'insurer', companyId: null });
    expect(await insurer.twoFactor.status()).toMatchObject({ enabled: true, required: true });
    const { errorOf } = callerFor(t.db, { token: session.id });
    const keep = await errorOf(insurer.twoFactor.disable({ currentPassword: STRONG_PASSWORD }));
    expect(keep.shape.data.messageKey).toBe('totp.required_for_admins');
    expect((await insurer.insurer.policies({ limit: 5 })).items).toBeInstanceOf(Array);
  });

  it('a seeded insurer with an authenticator needs the code every time', async () => {
    const insurer = await seedInsurer(t.db);
    const door = callerFor(t.db, { ip: freshIp() });
    const answer = await door.caller.appuser.login({ email: insurer.email, password: STRONG_PASSWORD });
    expect(answer).toMatchObject({ totpRequired: true, setupRequired: false });
    if (!('challengeToken' in answer)) throw new Error('expected a challenge');
    const wrong = await door.errorOf(
      door.caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: '000000' }),
    );
    expect(wrong.shape.data.messageKey).toBe('totp.code_invalid');
    const right = await door.caller.appuser.loginTotp({ challengeToken: answer.challengeToken, code: totpCode() });
    expect(right).toMatchObject({ role: 'insurer', userId: insurer.id });
  });

  it('an insurer reaches neither the back office nor the admins’ account calls', async () => {
    const insurer = await seedInsurer(t.db);
    const { caller, errorOf } = callerFor(t.db, { token: (await sessionFor(t.db, insurer)).token });
    for (const call of [
      caller.insurerAccounts.list(),
      caller.insurerAccounts.create({
        firstname: 'A',
        lastname: 'B',
        email: uniqueEmail('x'),
        password: STRONG_PASSWORD,
      }),
      caller.insurerAccounts.delete({ id: insurer.id }),
      caller.appuser.list(),
      caller.employee.list({}),
      caller.admin.jobs({}),
    ]) {
      expect((await errorOf(call)).shape.data.httpStatus).toBe(404);
    }
  });

  it('only admins create them; an address in use is refused and nothing is written', async () => {
    const employer = await seedEmployer(t.db);
    const asEmployer = callerFor(t.db, { token: employer.token });
    const input = {
      firstname: 'Ines',
      lastname: 'Prüfer',
      email: uniqueEmail('versicherer'),
      password: STRONG_PASSWORD,
    };
    expect((await asEmployer.errorOf(asEmployer.caller.insurerAccounts.create(input))).shape.data.httpStatus).toBe(404);
    const adminCaller = await asAdmin();
    const taken = await adminCaller.errorOf(
      adminCaller.caller.insurerAccounts.create({ ...input, email: employer.email }),
    );
    expect(taken.shape.data.messageKey).toBe('users.email_already_exists');
    const weak = await adminCaller.errorOf(adminCaller.caller.insurerAccounts.create({ ...input, password: 'kurz' }));
    expect(weak.shape.data.httpStatus).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
  });

  it('an admin removes one: its sessions end; an admin or a customer cannot be removed this way', async () => {
    const insurer = await seedInsurer(t.db);
    const session = await sessionFor(t.db, insurer);
    const { caller, errorOf } = await asAdmin();
    expect(await caller.insurerAccounts.delete({ id: insurer.id })).toEqual({ deleted: true });
    expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    const gone = callerFor(t.db, { token: session.token });
    expect((await gone.errorOf(gone.caller.insurer.policies({ limit: 5 }))).shape.data.errorCode).toBe(
      'AUTHORIZATION_REQUIRED',
    );
    expect((await errorOf(caller.insurerAccounts.delete({ id: insurer.id }))).shape.data.httpStatus).toBe(404);
    const employer = await seedEmployer(t.db);
    for (const id of [admin.id, employer.id]) {
      expect((await errorOf(caller.insurerAccounts.delete({ id }))).shape.data.httpStatus).toBe(404);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, employer.id))).toHaveLength(1);
  });

  it('a forgotten password is reset at the back office’s door only, with an admin-side link', async () => {
    const insurer = await seedInsurer(t.db);
    const resetMails = async () => (await outboxFor(t.db, insurer.email)).filter((mail) => mail.template === 'reset');
    await callerFor(t.db, { ip: freshIp() }).caller.employee.reset({ email: insurer.email });
    expect(await resetMails()).toHaveLength(0);
    await callerFor(t.db, { ip: freshIp() }).caller.appuser.reset({ email: insurer.email });
    const [mail] = await resetMails();
    const token = tokenFromText(mail?.text ?? '', '/admin/recovery-password/');
    const customerDoor = callerFor(t.db, { ip: freshIp() });
    const wrongDoor = await customerDoor.errorOf(
      customerDoor.caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD }),
    );
    expect(wrongDoor.shape.data.messageKey).toBe('recovery_password.invalid_link');
    await callerFor(t.db, { ip: freshIp() }).caller.appuser.resetPassword({
      token,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    const door = callerFor(t.db, { ip: freshIp() });
    expect(await door.caller.appuser.login({ email: insurer.email, password: OTHER_STRONG_PASSWORD })).toMatchObject({
      totpRequired: true,
    });
  });

  it('an admin resets a lost authenticator; the next sign-in sets up a new one', async () => {
    const insurer = await seedInsurer(t.db);
    const { caller } = await asAdmin();
    expect(await caller.appuser.resetTwoFactor({ id: insurer.id })).toEqual({ reset: true });
    const door = callerFor(t.db, { ip: freshIp() });
    expect(await door.caller.appuser.login({ email: insurer.email, password: STRONG_PASSWORD })).toMatchObject({
      totpRequired: true,
      setupRequired: true,
    });
  });
});
