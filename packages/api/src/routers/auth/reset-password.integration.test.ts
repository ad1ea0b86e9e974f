import { and, auditLog, eq, mailOutbox, oneTimeTokens, sessions, transaction, users } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
  tokenFromText,
} from '../../test/test-db.ts';

const de = createTranslator('de');
const en = createTranslator('en');

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const NEW_PASSWORD = 'Gewitter-Pinsel-Quelle-58';

async function requestReset(email: string, audience: 'customer' | 'admin' = 'customer') {
  const { caller } = callerFor(t.db);
  const answer = await (audience === 'admin' ? caller.appuser.reset({ email }) : caller.employee.reset({ email }));
  const mails = (await outboxFor(t.db, email)).filter((mail) => mail.template === 'reset');
  return { answer, mails };
}

const loginWorks = async (email: string, password: string) => {
  const { caller } = callerFor(t.db);
  try {
    await caller.employee.login({ email, password });
    return true;
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return false;
    throw error;
  }
};

describe('employee.reset (request a link)', () => {
  it('answers the same for a known and an unknown email; only the known one gets a mail and a token', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const outboxBefore = await countRows(t.db, 'mail_outbox');
    const tokensBefore = await countRows(t.db, 'one_time_tokens');

    const unknown = await requestReset('unknown.person@example.com');
    expect(await countRows(t.db, 'mail_outbox')).toBe(outboxBefore);
    expect(await countRows(t.db, 'one_time_tokens')).toBe(tokensBefore);

    const known = await requestReset(employee.email);
    expect(known.answer).toEqual(unknown.answer);
    expect(known.answer).toEqual({
      success: true,
      message: de('reset_password.link_sent_successfully'),
    });
    expect(await countRows(t.db, 'mail_outbox')).toBe(outboxBefore + 1);
    expect(await countRows(t.db, 'one_time_tokens')).toBe(tokensBefore + 1);

    expect(known.mails).toHaveLength(1);
    const mail = known.mails[0];
    expect(mail).toMatchObject({
      status: 'pending',
      lang: 'de',
      userId: employee.id,
      subject: de('mail.reset_subject'),
    });
    const token = tokenFromText(mail?.text ?? '', '/recovery-password/');
    expect(mail?.html).toContain(`http://localhost:3000/recovery-password/${token}`);

    const stored = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, employee.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.kind).toBe('reset');
    // Only the hash is stored, and the link is valid for 60 minutes.
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    const validFor = (stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0);
    expect(validFor).toBe(60 * 60 * 1000);
  });

  it('sends in the recipient language, whatever the request language', async () => {
    const employee = await seedEmployee(t.db, companyId, { lang: 'en' });
    const { caller } = callerFor(t.db, { acceptLanguage: 'de' });
    await caller.employee.reset({ email: employee.email });
    const [mail] = await outboxFor(t.db, employee.email);
    expect(mail?.lang).toBe('en');
    expect(mail?.subject).toBe(en('mail.reset_subject'));
  });

  it('answers in English with Accept-Language en', async () => {
    const { caller } = callerFor(t.db, { acceptLanguage: 'en' });
    expect(await caller.employee.reset({ email: 'whoever@example.com' })).toEqual({
      success: true,
      message: en('reset_password.link_sent_successfully'),
    });
  });

  it('sends at most one mail per minute for an account', async () => {
    const employee = await seedEmployee(t.db, companyId);
    await requestReset(employee.email);
    const second = await requestReset(employee.email);
    expect(second.answer.success).toBe(true);
    expect(second.mails).toHaveLength(1);
  });

  it('sends nothing for a blocked or not yet activated account, or an admin', async () => {
    const blocked = await seedEmployee(t.db, companyId, { locked: true });
    const invited = await seedEmployee(t.db, companyId, { password: null });
    const admin = await seedAdmin(t.db);
    for (const email of [blocked.email, invited.email, admin.email]) {
      const { answer, mails } = await requestReset(email);
      expect(answer.success).toBe(true);
      expect(mails).toEqual([]);
    }
  });
});

describe('employee.resetPassword (use the link)', () => {
  it('sets the new password, ends every session, and works only once', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const open = [await sessionFor(t.db, employee), await sessionFor(t.db, employee)];
    const { mails } = await requestReset(employee.email);
    const token = tokenFromText(mails[0]?.text ?? '', '/recovery-password/');

    const { caller } = callerFor(t.db);
    expect(await caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ success: true });

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, employee.id))).toEqual([]);
    for (const session of open) {
      const stale = callerFor(t.db, { token: session.token });
      const { error, shape } = await stale.errorOf(stale.caller.employee.get({ id: employee.id }));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
    }
    expect(await loginWorks(employee.email, NEW_PASSWORD)).toBe(true);
    expect(await loginWorks(employee.email, STRONG_PASSWORD)).toBe(false);

    const notices = (await outboxFor(t.db, employee.email)).filter((mail) => mail.template === 'password_changed');
    expect(notices).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset'), eq(auditLog.targetId, employee.id)));
    expect(audit).toHaveLength(1);

    const again = callerFor(t.db, { acceptLanguage: 'en' });
    const { error, shape } = await again.errorOf(
      again.caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('recovery_password.invalid_link');
    expect(shape.message).toBe(en('recovery_password.invalid_link'));
    expect(await loginWorks(employee.email, NEW_PASSWORD)).toBe(true);
  });

  it('two concurrent uses of one link: exactly one wins', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { mails } = await requestReset(employee.email);
    const token = tokenFromText(mails[0]?.text ?? '', '/recovery-password/');
    const results = await Promise.allSettled([
      callerFor(t.db).caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD }),
      callerFor(t.db).caller.employee.resetPassword({ token, newPassword: OTHER_STRONG_PASSWORD }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason.message).toBe('recovery_password.invalid_link');
    const winner = results[0]?.status === 'fulfilled' ? NEW_PASSWORD : OTHER_STRONG_PASSWORD;
    expect(await loginWorks(employee.email, winner)).toBe(true);
    const notices = (await outboxFor(t.db, employee.email)).filter((mail) => mail.template === 'password_changed');
    expect(notices).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { mails } = await requestReset(employee.email);
    const token = tokenFromText(mails[0]?.text ?? '', '/recovery-password/');
    await transaction(t.db, (tx) =>
      tx
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.userId, employee.id)),
    );
    const { caller, errorOf } = callerFor(t.db);
    const { error, shape } = await errorOf(caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('recovery_password.invalid_link');
    expect(await loginWorks(employee.email, STRONG_PASSWORD)).toBe(true);
  });

  it('refuses a weak password and keeps the link usable', async () => {
    const employee = await seedEmployee(t.db, companyId, { firstname: 'Bruno', lastname: 'Bergmann' });
    const { mails } = await requestReset(employee.email);
    const token = tokenFromText(mails[0]?.text ?? '', '/recovery-password/');
    const { caller, errorOf } = callerFor(t.db);
    const { error, shape } = await errorOf(caller.employee.resetPassword({ token, newPassword: 'BergmannBergmann' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('change_password.password_too_weak');
    const short = await errorOf(caller.employee.resetPassword({ token, newPassword: 'short' }));
    expect(short.error.code).toBe('BAD_REQUEST');
    expect(short.shape.data.issues?.[0]?.messageKey).toBe('validation.password_min_length');

    expect(await caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ success: true });
  });

  it('refuses made-up tokens', async () => {
    const { caller, errorOf } = callerFor(t.db);
    for (const token of ['x', 'a'.repeat(52), 'not-a-real-token-but-long-enough-to-look-up']) {
      const { error, shape } = await errorOf(caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.messageKey).toBe('recovery_password.invalid_link');
    }
  });

  it('refuses the link once the account is blocked', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { mails } = await requestReset(employee.email);
    const token = tokenFromText(mails[0]?.text ?? '', '/recovery-password/');
    await transaction(t.db, (tx) => tx.update(users).set({ locked: true }).where(eq(users.id, employee.id)));
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD }));
    expect(shape.data.messageKey).toBe('recovery_password.invalid_link');
  });
});

describe('appuser.reset / appuser.resetPassword (admins)', () => {
  it('sends the admin link and resets the admin password', async () => {
    const admin = await seedAdmin(t.db);
    const adminSession = await sessionFor(t.db, admin);
    const { answer, mails } = await requestReset(admin.email, 'admin');
    expect(answer.success).toBe(true);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/admin/recovery-password/');
    const token = tokenFromText(mails[0]?.text ?? '', '/admin/recovery-password/');

    // A customer reset path does not take an admin token.
    const wrongPath = callerFor(t.db);
    const { shape } = await wrongPath.errorOf(
      wrongPath.caller.employee.resetPassword({ token, newPassword: NEW_PASSWORD }),
    );
    expect(shape.data.messageKey).toBe('recovery_password.invalid_link');

    const { caller } = callerFor(t.db);
    expect(await caller.appuser.resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ success: true });
    expect((await t.db.select().from(sessions).where(eq(sessions.id, adminSession.id)))[0]).toBeUndefined();
    // The new password opens the second step; the reset does not skip the authenticator.
    const login = callerFor(t.db);
    expect(await login.caller.appuser.login({ email: admin.email, password: NEW_PASSWORD })).toMatchObject({
      totpRequired: true,
      setupRequired: false,
    });
  });

  it('sends no admin link to a customer', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { answer, mails } = await requestReset(employee.email, 'admin');
    expect(answer.success).toBe(true);
    expect(mails).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, employee.id))).toEqual([]);
  });
});
