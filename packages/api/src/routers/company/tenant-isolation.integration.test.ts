import { createProgress, syncCourses } from '@portal/core';
import { rawRows, sql } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../root.ts';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  type TSeededUser,
  type TTestDb,
  uniqueEmail,
} from '../../test/test-db.ts';

/**
 * Tenant isolation for the employer workspace: the policyholder of company A calls every
 * procedure of these routers with ids of company B. Each call must fail with 404/403 or answer
 * only A's data, and nothing of B may change. The table must name every procedure of the
 * routers, so a new procedure fails this test until it is added here.
 */
let t: TTestDb;
let a: TSeededUser & { companyId: string; token: string };
let b: TSeededUser & { companyId: string; token: string };
let bEmployee: TSeededUser;

const ROUTERS = [
  'employee',
  'company',
  'trainings',
  'progress',
  'statistics',
  'pdf',
  'certificates',
  'reminders',
  'absences',
] as const;
/** Procedures of those routers that take no company data (sign-in, own account, learning). */
const NOT_COMPANY_SCOPED = new Set([
  'employee.login',
  'employee.loginTotp',
  'employee.logout',
  'employee.createEmployer',
  'employee.reset',
  'employee.resetPassword',
  'employee.changePassword',
  'employee.firstLogin',
  // A link token, or the caller's own registration: no id to name another company by (issue 37).
  'employee.confirmEmail',
  'employee.resendConfirmation',
  'employee.update',
  'trainings.get',
  'trainings.list',
  'trainings.courses',
  'progress.create',
  'progress.save',
  'progress.get',
  'progress.getSingle',
  'progress.getQuiz',
  'progress.startQuiz',
  'progress.answer',
  'progress.repeatModule',
  // Admin-only (admin-access.integration.test.ts refuses every non-admin caller):
  'employee.count',
  'employee.createAdmin',
  'employee.blockAccount',
  'employee.deleteEmployerCompletely',
  'certificates.personalStatus',
  'certificates.issuePersonal',
  'certificates.verify',
  'statistics.overall',
]);

type TCaller = ReturnType<typeof callerFor>['caller'];
const CALLS: Record<string, (caller: TCaller) => Promise<unknown>> = {
  'employee.get': (c) => c.employee.get({ id: bEmployee.id }),
  'employee.list': (c) => c.employee.list({ search: bEmployee.email }),
  'employee.invite': (c) =>
    c.employee.invite({
      firstname: 'X',
      lastname: 'Y',
      email: bEmployee.email,
      isManager: false,
      assignedCourseList: [],
    }),
  'employee.resendInvitation': (c) => c.employee.resendInvitation({ employeeId: bEmployee.id }),
  'employee.toggleRole': (c) => c.employee.toggleRole({ id: bEmployee.id, expectedRole: 'manager' }),
  'employee.supervisorData': (c) => c.employee.supervisorData({ id: bEmployee.id }),
  'employee.setEmployer': (c) => c.employee.setEmployer({ id: bEmployee.id, role: 'employee' }),
  'company.employees': (c) => c.company.employees({ id: b.companyId }),
  'company.get': (c) => c.company.get({ id: b.companyId }),
  'company.export': (c) => c.company.export({ id: b.companyId }),
  'company.owner': (c) => c.company.owner({ id: b.companyId }),
  'employee.ownsOneCompany': (c) => c.employee.ownsOneCompany({ id: b.id }),
  'company.update': (c) => c.company.update({ id: b.companyId, city: 'Gehackt' }),
  'company.updateEmployee': (c) =>
    c.company.updateEmployee({ companyId: b.companyId, id: bEmployee.id, firstname: 'A', lastname: 'B' }),
  'company.deleteEmployee': (c) => c.company.deleteEmployee({ companyId: b.companyId, id: bEmployee.id }),
  'trainings.assign': (c) => c.trainings.assign({ trainingSlug: 'byod', ownerId: bEmployee.id }),
  'trainings.revoke': (c) => c.trainings.revoke({ trainingSlug: 'malware', ownerId: bEmployee.id }),
  'trainings.assignToAll': (c) => c.trainings.assignToAll({ trainingSlug: 'remote-work' }),
  'trainings.revokeForAll': (c) => c.trainings.revokeForAll({ trainingSlug: 'malware' }),
  'trainings.setDueDate': (c) =>
    c.trainings.setDueDate({
      trainingSlug: 'malware',
      dueOn: addDays(berlinDay(new Date()), 10),
      ownerId: bEmployee.id,
    }),
  'reminders.settings': (c) => c.reminders.settings(),
  'reminders.updateSettings': (c) => c.reminders.updateSettings({ defaultDueDays: 14, showNames: true }),
  'reminders.preview': (c) => c.reminders.preview({ kind: 'manager_digest', lang: 'de' }),
  'absences.record': (c) => c.absences.record({ userId: bEmployee.id, endsOn: addDays(berlinDay(new Date()), 10) }),
  'absences.end': (c) => c.absences.end({ userId: bEmployee.id }),
  'trainings.overview': (c) => c.trainings.overview({ search: bEmployee.lastname }),
  'progress.getCompany': (c) => c.progress.getCompany(),
  'progress.resetUser': (c) => c.progress.resetUser({ id: bEmployee.id }),
  'progress.resetCompany': (c) => c.progress.resetCompany({ companyId: b.companyId }),
  'progress.resetStatus': (c) => c.progress.resetStatus(),
  'statistics.company': (c) => c.statistics.company({}),
  'pdf.sendUploadConfirmation': (c) => c.pdf.sendUploadConfirmation({ email: bEmployee.email }),
  'certificates.companyStatus': (c) => c.certificates.companyStatus(),
  'certificates.issueCompany': (c) => c.certificates.issueCompany(),
};

/** Everything of company B, to compare before and after. */
async function snapshotOfB(): Promise<string> {
  const id = b.companyId;
  return JSON.stringify([
    await rawRows(t.db, sql`select * from companies where id = ${id}`),
    await rawRows(
      t.db,
      sql`select id, firstname, lastname, email, role, locked from users where company_id = ${id} order by id`,
    ),
    await rawRows(t.db, sql`select * from course_progress where company_id = ${id} order by id`),
    await rawRows(
      t.db,
      sql`select a.* from course_assignments a join users u on u.id = a.user_id where u.company_id = ${id} order by a.user_id, a.course_slug`,
    ),
    await rawRows(t.db, sql`select id, to_address, template from mail_outbox where company_id = ${id} order by id`),
    await rawRows(t.db, sql`select * from certificates where company_id = ${id} order by id`),
    await rawRows(t.db, sql`select * from absences where company_id = ${id} order by id`),
    await rawRows(t.db, sql`select * from reminder_settings where company_id = ${id}`),
    await rawRows(t.db, sql`select * from course_due_dates where company_id = ${id} order by course_slug`),
  ]);
}

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  a = await seedEmployer(t.db, { companyName: 'A GmbH', email: uniqueEmail('a-boss') });
  b = await seedEmployer(t.db, { companyName: 'B GmbH', email: uniqueEmail('b-boss') });
  bEmployee = await seedEmployee(t.db, b.companyId, { lastname: 'Bewohner', password: null });
  await seedEmployee(t.db, a.companyId, { lastname: 'Ansässig' });
  await callerFor(t.db, { token: b.token }).caller.trainings.assign({ trainingSlug: 'malware', ownerId: bEmployee.id });
  await createProgress(t.db, { ...bEmployee, lang: 'de', companyId: b.companyId }, 'malware');
});
afterAll(() => t.cleanup());

describe('tenant isolation of the employer workspace', () => {
  it('names every company-scoped procedure of the workspace routers', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((path) =>
      ROUTERS.some((router) => path.startsWith(`${router}.`)),
    );
    const missing = procedures.filter((path) => !NOT_COMPANY_SCOPED.has(path) && !CALLS[path]);
    expect(missing).toEqual([]);
  });

  for (const [path, call] of Object.entries(CALLS)) {
    it(`${path}: B's ids from A answer 404/403 or only A's data, and change nothing of B`, async () => {
      const before = await snapshotOfB();
      const { caller } = callerFor(t.db, { token: a.token });
      let answer: unknown;
      try {
        answer = await call(caller);
      } catch (error) {
        const code = (error as { code?: string }).code;
        // A used email is CONFLICT on purpose (emails are unique over all companies) and reveals no data.
        expect(['NOT_FOUND', 'FORBIDDEN', ...(path === 'employee.invite' ? ['CONFLICT'] : [])], path).toContain(code);
      }
      const text = JSON.stringify(answer ?? null);
      expect(text).not.toContain(bEmployee.id);
      expect(text).not.toContain(bEmployee.email);
      expect(text).not.toContain(b.companyId);
      expect(text).not.toContain(b.email);
      expect(await snapshotOfB()).toBe(before);
    });
  }
});
