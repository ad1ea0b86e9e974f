import { auditLog, avvAcceptances, companies, eq, sessions, users } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  outboxFor,
  STRONG_PASSWORD,
  type TTestDb,
  uniqueEmail,
} from '../../test/test-db.ts';

const de = createTranslator('de');
const en = createTranslator('en');

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const form = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Erika',
  lastname: 'Mustermann',
  companyName: 'Beispiel GmbH',
  email: uniqueEmail('register'),
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  confirmLicense: true as const,
  dataProtectionPolicyAccepted: true as const,
  orderProcessingAccepted: true as const,
  ...overrides,
});

const counts = async () => ({
  users: await countRows(t.db, 'users'),
  companies: await countRows(t.db, 'companies'),
  sessions: await countRows(t.db, 'sessions'),
  avv_acceptances: await countRows(t.db, 'avv_acceptances'),
  one_time_tokens: await countRows(t.db, 'one_time_tokens'),
  mail_outbox: await countRows(t.db, 'mail_outbox'),
});

describe('employee.createEmployer', () => {
  it('creates company, employer, AVV record, audit entries and a session in one go', async () => {
    const before = await counts();
    const input = form({ email: '  Erika.Register@Example.com ' });
    const { caller } = callerFor(t.db, { ip: '203.0.113.7', acceptLanguage: 'en' });
    const answer = await caller.employee.createEmployer(input);

    expect(await counts()).toEqual({
      ...before,
      users: before.users + 1,
      companies: before.companies + 1,
      sessions: before.sessions + 1,
      avv_acceptances: before.avv_acceptances + 1,
      // The confirmation link and its mail, in the registrant's language (issue 37).
      one_time_tokens: before.one_time_tokens + 1,
      mail_outbox: before.mail_outbox + 1,
    });
    expect(answer).toMatchObject({ ttl: 3600, role: 'employer', lang: 'en' });
    const [confirmation] = await outboxFor(t.db, 'erika.register@example.com');
    expect(confirmation).toMatchObject({ template: 'registration_confirmation', lang: 'en' });

    const [user] = await t.db.select().from(users).where(eq(users.id, answer.userId));
    expect(user).toMatchObject({
      email: 'erika.register@example.com',
      role: 'employer',
      orderProcessingAccepted: true,
      dataProtectionPolicyAccepted: true,
      active: true,
      isFirstLogin: false,
      locked: false,
      lang: 'en',
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.orderProcessingAcceptedAt).toBeInstanceOf(Date);

    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, user?.companyId ?? ''));
    expect(company).toMatchObject({ companyName: 'Beispiel GmbH', ownerId: answer.userId });

    const avv = await t.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, answer.userId));
    expect(avv).toHaveLength(1);
    expect(avv[0]).toMatchObject({ contractVersion: '5.40', companyId: company?.id, sourceIp: '203.0.113.7' });

    const actions = (
      await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, answer.userId))
    )
      .map((row) => row.action)
      .sort();
    expect(actions).toEqual(['avv.accepted', 'employer.registered']);

    const [sessionId] = answer.id.split('.');
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId ?? ''));
    expect(session?.userId).toBe(answer.userId);

    // The session works right away.
    const me = callerFor(t.db, { token: answer.id });
    expect((await me.caller.employee.get({ id: answer.userId })).ownsOneCompany).toBe(true);
  });

  it.each([
    ['a repeated character', { password: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' }],
    ["the person's own name", { password: 'MustermannMustermann', confirmPassword: 'MustermannMustermann' }],
    ['the name with digits', { password: 'mustermann12345', confirmPassword: 'mustermann12345' }],
    [
      'the company name',
      { password: 'BeispielBeispiel1', confirmPassword: 'BeispielBeispiel1', companyName: 'Beispiel' },
    ],
  ])('refuses a weak password (%s) and writes nothing', async (_label, overrides) => {
    const before = await counts();
    const { caller, errorOf } = callerFor(t.db);
    const { error, shape } = await errorOf(caller.employee.createEmployer(form(overrides)));
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.messageKey).toBe('change_password.password_too_weak');
    expect(shape.message).toBe('Passwortkomplexität muss mindestens "mittel" sein');
    expect(await counts()).toEqual(before);
  });

  it('refuses a used email with 409 and writes nothing', async () => {
    const email = uniqueEmail('taken');
    await callerFor(t.db).caller.employee.createEmployer(form({ email }));
    const before = await counts();
    for (const variant of [email, email.toUpperCase()]) {
      const { caller, errorOf } = callerFor(t.db, { acceptLanguage: 'en' });
      const { error, shape } = await errorOf(caller.employee.createEmployer(form({ email: variant })));
      expect(error.code).toBe('CONFLICT');
      expect(shape.data.messageKey).toBe('users.email_already_exists');
      expect(shape.message).toBe(en('users.email_already_exists'));
      expect(shape.message).not.toBe(de('users.email_already_exists'));
      expect(shape.data.httpStatus).toBe(409);
    }
    expect(await counts()).toEqual(before);
  });

  it.each(['confirmLicense', 'dataProtectionPolicyAccepted', 'orderProcessingAccepted'])(
    'refuses an unchecked %s and writes nothing',
    async (field) => {
      const before = await counts();
      const { caller, errorOf } = callerFor(t.db);
      const { error, shape } = await errorOf(
        caller.employee.createEmployer(
          form({ [field]: false }) as Parameters<typeof caller.employee.createEmployer>[0],
        ),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.messageKey).toBe('validation.invalid_input');
      expect(shape.data.issues).toEqual([
        { path: field, messageKey: 'validation.must_be_checked', message: expect.any(String) },
      ]);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses mismatching passwords with a translated field issue', async () => {
    const before = await counts();
    const { caller, errorOf } = callerFor(t.db, { acceptLanguage: 'en' });
    const { error, shape } = await errorOf(
      caller.employee.createEmployer(form({ confirmPassword: `${STRONG_PASSWORD}x` })),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(shape.data.issues).toEqual([
      { path: 'confirmPassword', messageKey: 'validation.passwords_do_not_match', message: expect.any(String) },
    ]);
    expect(shape.data.issues?.[0]?.message).not.toBe('validation.passwords_do_not_match');
    expect(await counts()).toEqual(before);
  });
});
