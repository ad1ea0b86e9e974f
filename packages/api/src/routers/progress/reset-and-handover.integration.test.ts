import { createProgress, resetCompanyProgress, syncCourses } from '@portal/core';
import { companies, courseAssignments, courseProgress, eq, mailOutbox, sessions, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
});
afterAll(() => t.cleanup());

async function companyWithProgress(name: string) {
  const employer = await seedEmployer(t.db, { companyName: name });
  const person = await seedEmployee(t.db, employer.companyId);
  await callerFor(t.db, { token: employer.token }).caller.trainings.assign({
    trainingSlug: 'malware',
    ownerId: person.id,
  });
  await createProgress(t.db, { ...person, lang: 'de', companyId: employer.companyId }, 'malware');
  return { employer, person };
}

const progressOf = (companyId: string) =>
  t.db.select().from(courseProgress).where(eq(courseProgress.companyId, companyId));

describe('reset of the e-learning', () => {
  it('mails the record as PDF, sets results to zero, keeps assignments, and refuses a second reset within 30 days', async () => {
    const { employer, person } = await companyWithProgress('Reset GmbH');
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect(await progressOf(employer.companyId)).toHaveLength(1);
    const result = await caller.progress.resetCompany({ companyId: employer.companyId });
    expect(result.removed).toBe(1);
    expect(await progressOf(employer.companyId)).toEqual([]);
    expect(await t.db.select().from(courseAssignments).where(eq(courseAssignments.userId, person.id))).toHaveLength(1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'progress_reset'));
    expect(mail?.toAddress).toBe(employer.email);
    const [attachment] = JSON.parse(mail?.attachments ?? '[]') as { filename: string; base64: string }[];
    expect(attachment?.filename).toMatch(/^Versicherungsnachweis-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf$/);
    expect(
      Buffer.from(attachment?.base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const status = await caller.progress.resetStatus();
    expect(status.nextResetAt).toBe(result.nextResetAt);
    const again = await errorOf(caller.progress.resetCompany({ companyId: employer.companyId }));
    expect(again.error.code).toBe('CONFLICT');
    const next = new Date(result.nextResetAt);
    const german = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(next);
    expect(again.shape.message).toBe(`Ein Zurücksetzen ist erst wieder ab dem ${german} möglich.`);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'progress_reset'))).toHaveLength(1);

    // 31 days later it works again.
    const later = new Date(Date.now() + 31 * DAY);
    const user = { ...employer, lang: 'de' as const };
    await expect(
      resetCompanyProgress(t.db, user, employer.companyId, { ip: '192.0.2.1' }, 'http://localhost:3000', later),
    ).resolves.toMatchObject({
      removed: 0,
    });
  });

  it('is for the own company’s policyholder only', async () => {
    const { employer } = await companyWithProgress('Zwei GmbH');
    const other = await companyWithProgress('Drei GmbH');
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect((await errorOf(caller.progress.resetCompany({ companyId: other.employer.companyId }))).error.code).toBe(
      'NOT_FOUND',
    );
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const asManager = callerFor(t.db, { token: (await sessionFor(t.db, manager)).token });
    expect(
      (await asManager.errorOf(asManager.caller.progress.resetCompany({ companyId: employer.companyId }))).error.code,
    ).toBe('NOT_FOUND');
    expect(await progressOf(other.employer.companyId)).toHaveLength(1);
    expect(await progressOf(employer.companyId)).toHaveLength(1);
  });
});

describe('handover of the policyholder role', () => {
  let employer: TSeededUser & { companyId: string; token: string };
  beforeAll(async () => {
    employer = await seedEmployer(t.db, { companyName: 'Übergabe KG' });
  });

  it('refuses invited people, foreign people and managers as actors', async () => {
    const invited = await seedEmployee(t.db, employer.companyId, { password: null });
    const foreign = await seedEmployer(t.db, { companyName: 'Fremd' });
    const stranger = await seedEmployee(t.db, foreign.companyId);
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect(
      (await errorOf(caller.employee.setEmployer({ id: invited.id, role: 'manager' }))).shape.data.messageKey,
    ).toBe('handover.not_active');
    expect((await errorOf(caller.employee.setEmployer({ id: stranger.id, role: 'manager' }))).error.code).toBe(
      'NOT_FOUND',
    );
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const asManager = callerFor(t.db, { token: (await sessionFor(t.db, manager)).token });
    const attempt = asManager.caller.employee.setEmployer({ id: invited.id, role: 'employee' });
    expect((await asManager.errorOf(attempt)).error.code).toBe('FORBIDDEN');
    expect(
      await t.db.select({ owner: companies.ownerId }).from(companies).where(eq(companies.id, employer.companyId)),
    ).toEqual([{ owner: employer.id }]);
  });

  it('moves the role, the ownership and the accepted AVV; the former holder keeps the chosen role', async () => {
    const successor = await seedEmployee(t.db, employer.companyId);
    await sessionFor(t.db, successor);
    const { caller } = callerFor(t.db, { token: employer.token });
    expect(await caller.employee.setEmployer({ id: successor.id, role: 'manager' })).toEqual({
      employerId: successor.id,
      formerRole: 'manager',
    });
    const role = async (id: string) => {
      const [row] = await t.db
        .select({ role: users.role, accepted: users.orderProcessingAccepted })
        .from(users)
        .where(eq(users.id, id));
      return row;
    };
    expect(await role(successor.id)).toEqual({ role: 'employer', accepted: true });
    expect((await role(employer.id))?.role).toBe('manager');
    expect(
      await t.db.select({ owner: companies.ownerId }).from(companies).where(eq(companies.id, employer.companyId)),
    ).toEqual([{ owner: successor.id }]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, employer.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, successor.id))).toEqual([]);
    // The company stays unblocked under its new policyholder.
    const fresh = callerFor(t.db, { token: (await sessionFor(t.db, { id: successor.id, role: 'employer' })).token });
    expect((await fresh.caller.employee.list({})).total).toBeGreaterThanOrEqual(2);
  });
});
