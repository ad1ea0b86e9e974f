import { and, auditLog, avvAcceptances, eq, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
  uniqueEmail,
} from '../../test/test-db.ts';

let t: TTestDb;
let companyId: string;

beforeAll(async () => {
  t = await createTestDb();
  ({ companyId } = await seedEmployer(t.db));
});
afterAll(() => t.cleanup());

const as = async (user: TSeededUser, ip?: string) =>
  callerFor(t.db, { token: (await sessionFor(t.db, user)).token, ...(ip && { ip }) });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('employee.update', () => {
  it('changes the language and keeps it', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller } = await as(employee);
    const view = await caller.employee.update({ id: employee.id, lang: 'en' });
    expect(view.lang).toBe('en');
    expect((await userRow(employee.id))?.lang).toBe('en');
    expect((await (await as(employee)).caller.employee.get({ id: employee.id })).lang).toBe('en');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.updated'), eq(auditLog.targetId, employee.id)));
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ fields: 'lang' });
  });

  it('changes several profile fields, trimmed', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller } = await as(employee);
    const view = await caller.employee.update({
      id: employee.id,
      firstname: '  Clara ',
      salutation: 'Mrs',
      city: ' Köln ',
      sawVideo: true,
    });
    expect(view).toMatchObject({ firstname: 'Clara', salutation: 'Mrs', city: 'Köln', sawVideo: true });
  });

  it('changes the email only with a matching confirmation', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller, errorOf } = await as(employee);
    const next = uniqueEmail('moved');

    for (const emailConfirmation of [undefined, 'something.else@example.com']) {
      const { error, shape } = await errorOf(
        caller.employee.update({ id: employee.id, email: next, ...(emailConfirmation && { emailConfirmation }) }),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.issues).toEqual([
        {
          path: 'emailConfirmation',
          messageKey: 'validation.email_confirmation_mismatch',
          message: expect.any(String),
        },
      ]);
      expect((await userRow(employee.id))?.email).toBe(employee.email);
    }

    const view = await caller.employee.update({
      id: employee.id,
      email: next.toUpperCase(),
      emailConfirmation: next,
    });
    expect(view.email).toBe(next);
    expect((await userRow(employee.id))?.email).toBe(next);
  });

  it('refuses an email that belongs to someone else', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const other = await seedEmployee(t.db, companyId);
    const { caller, errorOf } = await as(employee);
    const { error, shape } = await errorOf(
      caller.employee.update({ id: employee.id, email: other.email, emailConfirmation: other.email }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(shape.data.messageKey).toBe('users.email_already_exists');
    expect((await userRow(employee.id))?.email).toBe(employee.email);
    // Sending one's own current email is no conflict.
    const same = await caller.employee.update({
      id: employee.id,
      email: employee.email,
      emailConfirmation: employee.email,
    });
    expect(same.email).toBe(employee.email);
  });

  it('nobody but an admin patches another user', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const colleague = await seedEmployee(t.db, companyId);
    const employer = await seedEmployer(t.db);
    const ownEmployee = await seedEmployee(t.db, employer.companyId);
    const attempts: [TSeededUser, TSeededUser][] = [
      [employee, colleague],
      [employer, ownEmployee],
      [employer, employee],
    ];
    for (const [actor, target] of attempts) {
      const { caller, errorOf } = await as(actor);
      const { error } = await errorOf(caller.employee.update({ id: target.id, lang: 'en', firstname: 'Mallory' }));
      expect(error.code).toBe('NOT_FOUND');
      expect(await userRow(target.id)).toMatchObject({ lang: 'de', firstname: target.firstname });
    }

    const admin = await seedAdmin(t.db);
    const view = await (await as(admin)).caller.employee.update({ id: colleague.id, lang: 'en' });
    expect(view.lang).toBe('en');
  });

  it('an employer accepting the AVV appends an acceptance record', async () => {
    const employer = await seedEmployer(t.db);
    // As if registered before the current contract: not accepted yet.
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ orderProcessingAccepted: false, orderProcessingAcceptedAt: null })
        .where(eq(users.id, employer.id)),
    );
    // Oldest first: PostgreSQL returns rows in no fixed order without one.
    const records = () =>
      t.db
        .select()
        .from(avvAcceptances)
        .where(eq(avvAcceptances.companyId, employer.companyId))
        .orderBy(avvAcceptances.acceptedAt);
    expect(await records()).toHaveLength(1);

    const { caller } = await as(employer, '203.0.113.99');
    const view = await caller.employee.update({ id: employer.id, orderProcessingAccepted: true });
    expect(view.orderProcessingAccepted).toBe(true);
    expect(view.orderProcessingAcceptedAt).not.toBeNull();
    expect(await records()).toHaveLength(2);
    expect((await records()).at(-1)).toMatchObject({
      userId: employer.id,
      contractVersion: '5.40',
      sourceIp: '203.0.113.99',
    });

    // Accepting again changes nothing: the record is of the first acceptance.
    await caller.employee.update({ id: employer.id, orderProcessingAccepted: true });
    expect(await records()).toHaveLength(2);
  });

  it('an employee cannot accept the AVV', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const before = (await t.db.select().from(avvAcceptances)).length;
    const { caller, errorOf } = await as(employee);
    const { error } = await errorOf(caller.employee.update({ id: employee.id, orderProcessingAccepted: true }));
    expect(error.code).toBe('FORBIDDEN');
    expect(await t.db.select().from(avvAcceptances)).toHaveLength(before);
    expect((await userRow(employee.id))?.orderProcessingAccepted).toBe(false);
  });

  it('consents cannot be withdrawn here', async () => {
    const employee = await seedEmployee(t.db, companyId);
    const { caller, errorOf } = await as(employee);
    const { error } = await errorOf(
      caller.employee.update({
        id: employee.id,
        dataProtectionPolicyAccepted: false,
      } as unknown as Parameters<typeof caller.employee.update>[0]),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect((await userRow(employee.id))?.dataProtectionPolicyAccepted).toBe(true);
  });
});
