import { createProgress, syncCourses } from '@portal/core';
import { courseProgress, eq, sessions, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  countRows,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
  tokenFromText,
  uniqueEmail,
} from '../../test/test-db.ts';

let t: TTestDb;
let employer: TSeededUser & { companyId: string; token: string };
let manager: TSeededUser;
let managerToken: string;
let foreign: TSeededUser & { companyId: string; token: string };
let foreignEmployee: TSeededUser;

const as = (token: string) => callerFor(t.db, { token });

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db, { companyName: 'Alpha GmbH' });
  manager = await seedEmployee(t.db, employer.companyId, { role: 'manager', lastname: 'Mayer' });
  managerToken = (await sessionFor(t.db, manager)).token;
  foreign = await seedEmployer(t.db, { companyName: 'Beta AG' });
  foreignEmployee = await seedEmployee(t.db, foreign.companyId, { lastname: 'Fremd' });
});
afterAll(() => t.cleanup());

const firstLogin = (token: string, _email: string) =>
  callerFor(t.db).caller.employee.firstLogin({
    token,
    password: OTHER_STRONG_PASSWORD,
    confirmPassword: OTHER_STRONG_PASSWORD,
    dataProtectionPolicyAccepted: true,
  });

describe('invite-employee', () => {
  it('creates the person with courses and queues the invitation mail with a working 14-day link', async () => {
    const email = uniqueEmail('invitee');
    const { employeeId } = await as(employer.token).caller.employee.invite({
      firstname: 'Ina',
      lastname: 'Neu',
      email,
      isManager: false,
      assignedCourseList: ['malware', 'byod'],
      lang: 'en',
    });
    const [person] = await t.db.select().from(users).where(eq(users.id, employeeId));
    expect(person).toMatchObject({ role: 'employee', active: false, companyId: employer.companyId, lang: 'en' });
    const [mail] = await outboxFor(t.db, email);
    expect(mail?.subject).toBe('Invitation to the Cyber Security E-Learning Portal');
    expect(mail?.text).toContain('Alpha GmbH');
    expect(mail?.text).toContain(`?email=${encodeURIComponent(email)}`);
    const token = tokenFromText(mail?.text ?? '', '/login/');
    const session = await firstLogin(token, email);
    expect(session.userId).toBe(employeeId);
    const trainings = await as(session.id).caller.trainings.list({});
    expect(trainings.map((c) => c.slug).sort()).toEqual(['byod', 'malware']);
    const again = callerFor(t.db);
    expect((await again.errorOf(firstLogin(token, email))).error.code).toBe('BAD_REQUEST');
  });

  it('refuses a used email and writes nothing', async () => {
    const tableCounts = async () => [
      await countRows(t.db, 'users'),
      await countRows(t.db, 'mail_outbox'),
      await countRows(t.db, 'course_assignments'),
    ];
    const before = await tableCounts();
    const { errorOf, caller } = as(employer.token);
    const { error, shape } = await errorOf(
      caller.employee.invite({
        firstname: 'X',
        lastname: 'Y',
        email: foreignEmployee.email.toUpperCase(),
        isManager: false,
        assignedCourseList: ['malware'],
      }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(shape.data.messageKey).toBe('users.email_already_exists');
    expect(shape.message).toBe('E-Mail existiert bereits');
    expect(await tableCounts()).toEqual(before);
  });

  it('lets managers invite employees but not managers', async () => {
    const { caller, errorOf } = as(managerToken);
    const base = { firstname: 'Mo', lastname: 'Neu', assignedCourseList: [] };
    await caller.employee.invite({ ...base, email: uniqueEmail('by-manager'), isManager: false });
    const refused = await errorOf(caller.employee.invite({ ...base, email: uniqueEmail('mgr'), isManager: true }));
    expect(refused.error.code).toBe('FORBIDDEN');
  });

  it('a resent invitation voids the first link', async () => {
    const email = uniqueEmail('resend');
    const { employeeId } = await as(employer.token).caller.employee.invite({
      firstname: 'Rita',
      lastname: 'Resend',
      email,
      isManager: false,
      assignedCourseList: [],
    });
    const first = tokenFromText((await outboxFor(t.db, email))[0]?.text ?? '', '/login/');
    await as(employer.token).caller.employee.resendInvitation({ employeeId });
    const mails = await outboxFor(t.db, email);
    expect(mails).toHaveLength(2);
    const second = tokenFromText(mails[1]?.text ?? '', '/login/');
    expect(second).not.toBe(first);
    const stale = callerFor(t.db);
    expect((await stale.errorOf(firstLogin(first, email))).error.code).toBe('BAD_REQUEST');
    await firstLogin(second, email);
    const done = as(employer.token);
    expect((await done.errorOf(done.caller.employee.resendInvitation({ employeeId }))).error.code).toBe('CONFLICT');
  });
});

describe('the staff list', () => {
  it('searches, sorts and pages the own company only, with progress', async () => {
    for (const name of ['Zander', 'Abel', 'Müller']) await seedEmployee(t.db, employer.companyId, { lastname: name });
    const { caller } = as(employer.token);
    const all = await caller.employee.list({ pageSize: 100 });
    expect(all.items.every((row) => row.id !== foreignEmployee.id)).toBe(true);
    expect(all.total).toBe(all.items.length);
    const sorted = all.items.map((row) => row.lastname.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
    const desc = await caller.employee.list({ sort: 'lastname', direction: 'desc', pageSize: 1 });
    expect(desc.items[0]?.lastname).toBe('Zander');
    expect(desc.total).toBe(all.total);
    const page2 = await caller.employee.list({ pageSize: 2, page: 2 });
    expect(page2.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
    expect((await caller.employee.list({ search: 'müll' })).items.map((r) => r.lastname)).toEqual(['Müller']);
    expect((await caller.employee.list({ search: '%' })).items).toEqual([]);
    expect((await caller.employee.list({ search: 'fremd' })).total).toBe(0);
    const invited = all.items.find((row) => row.firstname === 'Rita');
    expect(invited?.status).toBe('active');
  });

  it('is not for employees', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const { caller, errorOf } = as((await sessionFor(t.db, employee)).token);
    expect((await errorOf(caller.employee.list({}))).error.code).toBe('NOT_FOUND');
  });
});

describe('managing people', () => {
  it('edits names within the company; a foreign company or person answers 404 and changes nothing', async () => {
    const person = await seedEmployee(t.db, employer.companyId, { lastname: 'Alt' });
    const { caller, errorOf } = as(employer.token);
    await caller.company.updateEmployee({
      companyId: employer.companyId,
      id: person.id,
      firstname: 'Neu',
      lastname: 'Name',
    });
    expect((await t.db.select({ l: users.lastname }).from(users).where(eq(users.id, person.id)))[0]?.l).toBe('Name');
    const teamOf = async () => (await t.db.select({ team: users.team }).from(users).where(eq(users.id, person.id)))[0];
    // A team is set (spaces collapsed), kept when the call leaves it out, and removed with "".
    const named = { companyId: employer.companyId, id: person.id, firstname: 'Neu', lastname: 'Name' };
    expect(await caller.company.updateEmployee({ ...named, team: '  Vertrieb   Süd ' })).toMatchObject({
      team: 'Vertrieb Süd',
    });
    await caller.company.updateEmployee(named);
    expect(await teamOf()).toEqual({ team: 'Vertrieb Süd' });
    expect((await errorOf(caller.company.updateEmployee({ ...named, team: 'x'.repeat(61) }))).error.code).toBe(
      'BAD_REQUEST',
    );
    expect(await teamOf()).toEqual({ team: 'Vertrieb Süd' });
    await caller.company.updateEmployee({ ...named, team: '' });
    expect(await teamOf()).toEqual({ team: '' });
    // One after the other, each started when awaited: a refusal nobody awaits yet would be reported as unhandled.
    const attempts = [
      () =>
        caller.company.updateEmployee({
          companyId: foreign.companyId,
          id: foreignEmployee.id,
          firstname: 'A',
          lastname: 'B',
        }),
      () =>
        caller.company.updateEmployee({
          companyId: employer.companyId,
          id: foreignEmployee.id,
          firstname: 'A',
          lastname: 'B',
        }),
      () => caller.company.deleteEmployee({ companyId: employer.companyId, id: foreignEmployee.id }),
      () => caller.company.employees({ id: foreign.companyId }),
      () => caller.employee.toggleRole({ id: foreignEmployee.id, expectedRole: 'manager' }),
      () => caller.employee.resendInvitation({ employeeId: foreignEmployee.id }),
      () => caller.progress.resetUser({ id: foreignEmployee.id }),
    ];
    for (const attempt of attempts) expect((await errorOf(attempt())).error.code).toBe('NOT_FOUND');
    expect(
      (await t.db.select({ l: users.lastname, r: users.role }).from(users).where(eq(users.id, foreignEmployee.id)))[0],
    ).toEqual({
      l: 'Fremd',
      r: 'employee',
    });
  });

  it('managers manage employees, not managers or the policyholder', async () => {
    const other = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const { caller, errorOf } = as(managerToken);
    for (const id of [other.id, employer.id]) {
      expect((await errorOf(caller.company.deleteEmployee({ companyId: employer.companyId, id }))).error.code).toBe(
        'FORBIDDEN',
      );
    }
    expect((await errorOf(caller.employee.toggleRole({ id: other.id, expectedRole: 'employee' }))).error.code).toBe(
      'FORBIDDEN',
    );
  });

  it('toggles employee ⇄ manager and ends the person’s sessions', async () => {
    const person = await seedEmployee(t.db, employer.companyId);
    await sessionFor(t.db, person);
    const { caller, errorOf } = as(employer.token);
    expect(await caller.employee.toggleRole({ id: person.id, expectedRole: 'manager' })).toEqual({
      id: person.id,
      role: 'manager',
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect((await errorOf(caller.employee.toggleRole({ id: person.id, expectedRole: 'manager' }))).error.code).toBe(
      'CONFLICT',
    );
    await caller.employee.toggleRole({ id: person.id, expectedRole: 'employee' });
    expect((await t.db.select({ r: users.role }).from(users).where(eq(users.id, person.id)))[0]?.r).toBe('employee');
  });

  it('resets one person’s progress and keeps the assignments; deletes a person with everything', async () => {
    const person = await seedEmployee(t.db, employer.companyId);
    const boss = as(employer.token).caller;
    await boss.trainings.assign({ trainingSlug: 'malware', ownerId: person.id });
    await createProgress(t.db, { ...person, lang: 'de', companyId: employer.companyId }, 'malware');
    expect(await boss.progress.resetUser({ id: person.id })).toEqual({ reset: 1 });
    expect(await t.db.select().from(courseProgress).where(eq(courseProgress.userId, person.id))).toEqual([]);
    const assigned = await boss.company.employees({ id: employer.companyId });
    expect(assigned.find((row) => row.id === person.id)?.assignedCourseList).toEqual(['malware']);

    await boss.company.deleteEmployee({ companyId: employer.companyId, id: person.id });
    expect((await t.db.select().from(users).where(eq(users.id, person.id)))[0]).toBeUndefined();
    const { errorOf, caller } = as(employer.token);
    expect(
      (await errorOf(caller.company.deleteEmployee({ companyId: employer.companyId, id: employer.id }))).error.code,
    ).toBe('FORBIDDEN');
  });
});
