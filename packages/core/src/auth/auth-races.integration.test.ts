import {
  and,
  auditLog,
  avvAcceptances,
  companies,
  eq,
  isNull,
  loginThrottle,
  mailOutbox,
  oneTimeTokens,
  sessions,
  type TDatabase,
  totpRecoveryCodes,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { SESSION_TOUCH_INTERVAL_MS, THROTTLE_MAX_ACCOUNT_FAILURES } from '../policy.ts';
import { updateAccount } from '../users/update-own-account.ts';
import { changePassword } from './change-password.ts';
import { completeFirstLogin } from './first-login.ts';
import { loginWithPassword, signInClaims } from './login.ts';
import { loginWithTotp } from './login-totp.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { hashPasswordSync } from './password-hash.ts';
import { requestPasswordReset, resetPasswordWithToken } from './password-reset.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';
import { registerEmployer } from './register-employer.ts';
import { createSession, validateSessionToken } from './sessions.ts';
import { claimAttempt } from './throttle.ts';
import { DEVELOPMENT_TOTP_KEY, openTotpSecret, sealPlainTotpSecrets, sealTotpSecret } from './totp-secret-seal.ts';
import { beginTotpEnrolment, confirmTotpEnrolment, totpStatus } from './two-factor.ts';

/**
 * ADR 028: the sign-in state (sessions, throttling, one-time links, TOTP codes, recovery codes)
 * stays right when two requests race. On PostgreSQL the two run side by side on different
 * connections (two handles, as two server processes would have); on SQLite they take turns on
 * the write connection of the one process. Either way exactly one of two requests that use the
 * same thing once wins, the other gets a clear error, and nothing is half written.
 */

const PASSWORD = 'Kiesel-Ahorn-Dampfer-73';
const NEW_PASSWORD = 'Leuchtturm-Zebra-Orgel-19';
const OTHER_NEW_PASSWORD = 'Zwiebel-Segel-Trommel-58';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const META = { ip: '192.0.2.44', userAgent: 'vitest' };
const HOUR = 60 * 60 * 1000;

let t: TTestDatabase;
/**
 * PostgreSQL: a second handle on the same database, another server process. SQLite: the same
 * handle, whose write queue is what orders one process's requests. (A second SQLite handle in
 * this process would wait for the write lock synchronously, blocking the event loop that the
 * first handle's open transaction needs to finish: an artefact of one test process.)
 */
let other: TDatabase;
let passwordHash: string;
let companyId: string;
let counter = 0;
const email = (prefix: string) => `${prefix}.${++counter}@example.com`;

const code = (secret: string, now = new Date(), stepOffset = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: now.getTime() + stepOffset * 30_000,
  });

async function seedUser(input: {
  role: 'admin' | 'employer' | 'manager' | 'employee';
  invited?: boolean;
  totpSecret?: string;
}): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const address = email(input.role);
  const invited = input.invited ?? false;
  await transaction(t.db, (tx) =>
    tx.insert(users).values({
      id,
      firstname: 'Max',
      lastname: 'Beispiel',
      email: address,
      role: input.role,
      companyId: input.role === 'admin' ? null : companyId,
      passwordHash: invited ? null : passwordHash,
      active: !invited,
      isFirstLogin: invited,
      dataProtectionPolicyAccepted: !invited,
      totpSecret: input.totpSecret ? sealTotpSecret(DEVELOPMENT_TOTP_KEY, id, input.totpSecret) : null,
    }),
  );
  return { id, email: address };
}

/** Runs both at once and answers what each did: 'ok' or the message key of its DomainError. */
async function race(...calls: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(calls);
  return settled
    .map((result) => {
      if (result.status === 'fulfilled') return 'ok';
      if (result.reason instanceof DomainError) return result.reason.messageKey;
      throw result.reason;
    })
    .sort();
}

const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

beforeAll(async () => {
  t = await createTestDatabase();
  other = t.dialect === 'postgres' ? t.openAnother() : t.db;
  // Open the pools' connections now, so that racing requests do not queue behind a connect.
  await Promise.all(
    [t.db, other].flatMap((handle) => Array.from({ length: 5 }, () => handle.select({ id: users.id }).from(users))),
  );
  passwordHash = hashPasswordSync(PASSWORD);
  const registered = await registerEmployer(
    t.db,
    {
      firstname: 'Erika',
      lastname: 'Mustermann',
      companyName: 'Beispiel GmbH',
      email: email('owner'),
      password: PASSWORD,
    },
    { ip: META.ip, lang: 'de', publicUrl: 'http://localhost:3000' },
  );
  const [owner] = await t.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, registered.session.userId));
  if (!owner?.companyId) throw new Error('no company');
  companyId = owner.companyId;
});

afterAll(async () => {
  await t.cleanup();
});

describe('one-time links', () => {
  it('two acceptances of one invitation at once: one session, one clear error', async () => {
    const person = await seedUser({ role: 'employee', invited: true });
    const token = await createOneTimeToken(t.db, { kind: 'invitation', userId: person.id, validForMs: HOUR });
    const outcomes = await race(
      completeFirstLogin(t.db, { token, password: NEW_PASSWORD }, META),
      completeFirstLogin(other, { token, password: OTHER_NEW_PASSWORD }, META),
    );
    expect(outcomes).toEqual(['change_password.invalid_link', 'ok']);
    expect(await sessionsOf(person.id)).toHaveLength(1);
    const [account] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(account).toMatchObject({ active: true, isFirstLogin: false, dataProtectionPolicyAccepted: true });
    expect(account?.passwordHash).not.toBeNull();
    const completed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'first_login.completed'), eq(auditLog.actorId, person.id)));
    expect(completed).toHaveLength(1);
  });

  it('two different open links of one person at once: still one session', async () => {
    const person = await seedUser({ role: 'employee', invited: true });
    const invitation = await createOneTimeToken(t.db, { kind: 'invitation', userId: person.id, validForMs: HOUR });
    const firstLogin = await createOneTimeToken(t.db, { kind: 'first_login', userId: person.id, validForMs: HOUR });
    const outcomes = await race(
      completeFirstLogin(t.db, { token: invitation, password: NEW_PASSWORD }, META),
      completeFirstLogin(other, { token: firstLogin, password: OTHER_NEW_PASSWORD }, META),
    );
    expect(outcomes).toEqual(['change_password.invalid_link', 'ok']);
    expect(await sessionsOf(person.id)).toHaveLength(1);
    const open = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, person.id), isNull(oneTimeTokens.usedAt)));
    expect(open).toHaveLength(0);
  });

  it('one reset link used twice at once: one new password, one clear error', async () => {
    const person = await seedUser({ role: 'employee' });
    const token = await createOneTimeToken(t.db, { kind: 'reset', userId: person.id, validForMs: HOUR });
    const outcomes = await race(
      resetPasswordWithToken(t.db, { token, newPassword: NEW_PASSWORD, audience: 'customer' }, META),
      resetPasswordWithToken(other, { token, newPassword: OTHER_NEW_PASSWORD, audience: 'customer' }, META),
    );
    expect(outcomes).toEqual(['ok', 'recovery_password.invalid_link']);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, person.email), eq(mailOutbox.template, 'password_changed')));
    expect(mails).toHaveLength(1);
  });

  it('reset requests at the same moment send one mail', async () => {
    const person = await seedUser({ role: 'employee' });
    const input = { email: person.email, audience: 'customer' as const, publicUrl: 'http://localhost:3000' };
    await Promise.all([t.db, other, t.db, other].map((handle) => requestPasswordReset(handle, input, META)));
    const tokens = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, person.id), eq(oneTimeTokens.kind, 'reset')));
    expect(tokens).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, person.email), eq(mailOutbox.template, 'reset')));
    expect(mails).toHaveLength(1);
  });
});

describe('TOTP and recovery codes', () => {
  async function challengeFor(handle: TDatabase, address: string): Promise<string> {
    const result = await loginWithPassword(handle, { email: address, password: PASSWORD, audience: 'admin' }, META);
    if (result.kind !== 'totp_required') throw new Error(`expected a TOTP challenge, got ${result.kind}`);
    return result.token;
  }

  it('one code on two sign-ins at once: one session, the other code counts as wrong', async () => {
    const admin = await seedUser({ role: 'admin', totpSecret: TOTP_SECRET });
    const [first, second] = [await challengeFor(t.db, admin.email), await challengeFor(other, admin.email)];
    const now = new Date();
    const outcomes = await race(
      loginWithTotp(
        t.db,
        DEVELOPMENT_TOTP_KEY,
        { challengeToken: first, code: code(TOTP_SECRET, now), audience: 'admin' },
        META,
        now,
      ),
      loginWithTotp(
        other,
        DEVELOPMENT_TOTP_KEY,
        { challengeToken: second, code: code(TOTP_SECRET, now), audience: 'admin' },
        META,
        now,
      ),
    );
    expect(outcomes).toEqual(['ok', 'totp.code_invalid']);
    expect(await sessionsOf(admin.id)).toHaveLength(1);
    const [throttle] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${admin.email}`));
    // The loser's attempt is a failed sign-in after the winner cleared the count.
    expect(throttle?.attempts ?? 0).toBeLessThanOrEqual(1);
  });

  it('one challenge with two right codes at once: one session', async () => {
    const admin = await seedUser({ role: 'admin', totpSecret: TOTP_SECRET });
    const challenge = await challengeFor(t.db, admin.email);
    const now = new Date();
    const outcomes = await race(
      loginWithTotp(
        t.db,
        DEVELOPMENT_TOTP_KEY,
        { challengeToken: challenge, code: code(TOTP_SECRET, now, -1), audience: 'admin' },
        META,
        now,
      ),
      loginWithTotp(
        other,
        DEVELOPMENT_TOTP_KEY,
        { challengeToken: challenge, code: code(TOTP_SECRET, now), audience: 'admin' },
        META,
        now,
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(await sessionsOf(admin.id)).toHaveLength(1);
  });

  it('one recovery code on two sign-ins at once: used once', async () => {
    const admin = await seedUser({ role: 'admin', totpSecret: TOTP_SECRET });
    const [recoveryCode] = await transaction(t.db, (tx) => issueRecoveryCodes(tx, admin.id));
    if (!recoveryCode) throw new Error('no recovery code');
    const [first, second] = [await challengeFor(t.db, admin.email), await challengeFor(other, admin.email)];
    const outcomes = await race(
      loginWithTotp(t.db, DEVELOPMENT_TOTP_KEY, { challengeToken: first, code: recoveryCode, audience: 'admin' }, META),
      loginWithTotp(
        other,
        DEVELOPMENT_TOTP_KEY,
        { challengeToken: second, code: recoveryCode, audience: 'admin' },
        META,
      ),
    );
    expect(outcomes).toEqual(['ok', 'totp.code_invalid']);
    expect(await sessionsOf(admin.id)).toHaveLength(1);
    const unused = await t.db
      .select()
      .from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, admin.id), isNull(totpRecoveryCodes.usedAt)));
    expect(unused).toHaveLength(9);
  });

  it('two confirmations of one enrolment at once: one set of recovery codes', async () => {
    const person = await seedUser({ role: 'employee' });
    const [enrolment, again] = await Promise.all([
      beginTotpEnrolment(t.db, DEVELOPMENT_TOTP_KEY, person.id),
      beginTotpEnrolment(other, DEVELOPMENT_TOTP_KEY, person.id),
    ]);
    // Two first requests at once show the same (stored) secret.
    expect(again.secret).toBe(enrolment.secret);
    const now = new Date();
    const outcomes = await race(
      confirmTotpEnrolment(t.db, DEVELOPMENT_TOTP_KEY, person.id, code(enrolment.secret, now), META, now),
      confirmTotpEnrolment(other, DEVELOPMENT_TOTP_KEY, person.id, code(enrolment.secret, now), META, now),
    );
    expect(outcomes).toEqual(['ok', 'totp.code_invalid']);
    expect(await totpStatus(t.db, person.id)).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  it('two processes starting at once seal a plain secret once', async () => {
    const person = await seedUser({ role: 'employee' });
    await transaction(t.db, (tx) => tx.update(users).set({ totpSecret: TOTP_SECRET }).where(eq(users.id, person.id)));
    const counts = await Promise.all([
      sealPlainTotpSecrets(t.db, DEVELOPMENT_TOTP_KEY),
      sealPlainTotpSecrets(other, DEVELOPMENT_TOTP_KEY),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await sealPlainTotpSecrets(t.db, DEVELOPMENT_TOTP_KEY)).toBe(0);
    const [row] = await t.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, person.id));
    expect(openTotpSecret(DEVELOPMENT_TOTP_KEY, person.id, row?.secret ?? '')).toBe(TOTP_SECRET);
  });
});

describe('throttling', () => {
  it('attempts at the same moment are all counted', async () => {
    const address = email('throttled');
    const now = new Date();
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        claimAttempt(index % 2 ? other : t.db, signInClaims(address, '192.0.2.99'), now),
      ),
    );
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${address}`));
    expect(row?.attempts).toBe(8);
    expect(row?.lockedUntil).toBeNull();
  });

  it('ten wrong passwords at once lock the account', async () => {
    const person = await seedUser({ role: 'employee' });
    const outcomes = await race(
      ...Array.from({ length: THROTTLE_MAX_ACCOUNT_FAILURES }, (_, index) =>
        loginWithPassword(
          index % 2 ? other : t.db,
          { email: person.email, password: 'wrong-password', audience: 'customer' },
          { ip: `198.51.100.${index}` },
        ),
      ),
    );
    expect(new Set(outcomes)).toEqual(new Set(['login.failed']));
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${person.email}`));
    expect(row?.attempts).toBe(THROTTLE_MAX_ACCOUNT_FAILURES);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    await expect(
      loginWithPassword(t.db, { email: person.email, password: PASSWORD, audience: 'customer' }, META),
    ).rejects.toMatchObject({ messageKey: 'login.failed' });
  });

  it('a window older than the throttle window starts again at one', async () => {
    const address = email('window');
    const then = new Date(Date.now() - 2 * HOUR);
    await claimAttempt(t.db, signInClaims(address, '192.0.2.98'), then);
    await claimAttempt(t.db, signInClaims(address, '192.0.2.98'), then);
    const now = new Date();
    await claimAttempt(t.db, signInClaims(address, '192.0.2.98'), now);
    const [row] = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${address}`));
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(row?.windowStartedAt.getTime()).toBe(now.getTime());
  });
});

describe('accounts', () => {
  it('two registrations with one address at once: one account, one conflict', async () => {
    const address = email('register');
    const form = (companyName: string) => ({
      firstname: 'Erika',
      lastname: 'Mustermann',
      companyName,
      email: address,
      password: PASSWORD,
    });
    const outcomes = await race(
      registerEmployer(t.db, form('Erste Race GmbH'), { ip: META.ip, lang: 'de', publicUrl: 'http://localhost:3000' }),
      registerEmployer(other, form('Zweite Race GmbH'), {
        ip: META.ip,
        lang: 'de',
        publicUrl: 'http://localhost:3000',
      }),
    );
    expect(outcomes).toEqual(['ok', 'users.email_already_exists']);
    expect(await t.db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
    const raced = await t.db.select().from(companies).where(eq(companies.companyName, 'Erste Race GmbH'));
    const racedToo = await t.db.select().from(companies).where(eq(companies.companyName, 'Zweite Race GmbH'));
    // The loser's company was rolled back with its account.
    expect(raced.length + racedToo.length).toBe(1);
  });

  it('two password changes with the same current password at once: one wins', async () => {
    const person = await seedUser({ role: 'employee' });
    const { session } = await createSession(t.db, { userId: person.id, role: 'employee' });
    const change = (handle: TDatabase, newPassword: string) =>
      changePassword(
        handle,
        { userId: person.id, sessionId: session.id, currentPassword: PASSWORD, newPassword },
        META,
      );
    const outcomes = await race(change(t.db, NEW_PASSWORD), change(other, OTHER_NEW_PASSWORD));
    expect(outcomes).toEqual(['change_password.current_password_wrong', 'ok']);
  });

  it('two AVV acceptances at once are recorded once', async () => {
    const address = email('avv');
    const registered = await registerEmployer(
      t.db,
      { firstname: 'Erika', lastname: 'Mustermann', companyName: 'AVV GmbH', email: address, password: PASSWORD },
      { ip: META.ip, lang: 'de', publicUrl: 'http://localhost:3000' },
    );
    const userId = registered.session.userId;
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ orderProcessingAccepted: false, orderProcessingAcceptedAt: null })
        .where(eq(users.id, userId)),
    );
    const [viewer] = await t.db.select().from(users).where(eq(users.id, userId));
    if (!viewer) throw new Error('no employer');
    const patch = { orderProcessingAccepted: true as const };
    const [first, second] = await Promise.all([
      updateAccount(t.db, viewer, userId, patch, META),
      updateAccount(other, viewer, userId, patch, META),
    ]);
    expect(first.orderProcessingAccepted && second.orderProcessingAccepted).toBe(true);
    // One from the registration, one from the racing acceptances.
    expect(await t.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, userId))).toHaveLength(2);
  });
});

describe('sessions', () => {
  it('validates on every handle, slides the idle window, and ends a blocked user’s session', async () => {
    const person = await seedUser({ role: 'employee' });
    const created = new Date();
    const { token, session } = await createSession(t.db, { userId: person.id, role: 'employee', now: created });
    const [onFirst, onSecond] = await Promise.all([
      validateSessionToken(t.db, token, created),
      validateSessionToken(other, token, created),
    ]);
    expect(onFirst?.user).toMatchObject({ id: person.id, companyId, role: 'employee' });
    expect(onSecond?.session.id).toBe(session.id);
    expect(onFirst?.companyAvvAccepted).toBe(true);
    expect(await validateSessionToken(t.db, `${session.id}.wrongsecret`, created)).toBeNull();

    // Both are due a touch, and they lie more than the touch interval apart: whichever request
    // reads first, the later one is still due after the earlier one's write (with 500 ms apart
    // the later request could read the earlier time and rightly skip its touch).
    const earlier = new Date(created.getTime() + SESSION_TOUCH_INTERVAL_MS + 500);
    const later = new Date(earlier.getTime() + SESSION_TOUCH_INTERVAL_MS + 500);
    await Promise.all([validateSessionToken(t.db, token, later), validateSessionToken(other, token, earlier)]);
    const [touched] = await sessionsOf(person.id);
    // Of two touches at once the later time stays.
    expect(touched?.lastSeenAt.getTime()).toBe(later.getTime());

    await transaction(t.db, (tx) => tx.update(users).set({ locked: true }).where(eq(users.id, person.id)));
    expect(await validateSessionToken(other, token, later)).toBeNull();
    expect(await sessionsOf(person.id)).toHaveLength(0);
  });
});
